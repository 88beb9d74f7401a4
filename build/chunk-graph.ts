/** What the build plugins need of an output chunk to walk the chunk graph. */
interface GraphChunk {
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
}

/**
 * The file names of the chunk whose module is `module` (a path ending) and of every chunk it
 * imports statically, all the way down: what loads with it. Throws when no chunk has the module,
 * so a moved file fails the build rather than silently matching nothing.
 */
export function staticGraphOf(chunks: readonly GraphChunk[], module: string): Set<string> {
  const root = chunks.find((c) => c.facadeModuleId?.endsWith(module));
  if (!root) throw new Error(`no chunk for ${module}`);
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
  };
  visit(root.fileName);
  return files;
}
