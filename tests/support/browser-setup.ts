import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { createDataDirTemplate } from '../e2e/data-dir-template';
import buildClient from './build-client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, seeded data directory each test app starts from a copy of (e2e/support.ts). */
    e2eDataDirTemplate: string;
  }
}

/**
 * Global setup of the browser project: the client built once (build-client.ts), then a migrated,
 * seeded data directory that every test app starts from a copy of, removed at the end.
 */
export default async function browserSetup(project: TestProject): Promise<() => void> {
  buildClient();
  const template = await createDataDirTemplate();
  project.provide('e2eDataDirTemplate', template);
  return () => rmSync(template, { recursive: true, force: true });
}
