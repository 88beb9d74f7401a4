export { recordAudit } from './record-audit';
export type { AuditEntry } from './record-audit';
