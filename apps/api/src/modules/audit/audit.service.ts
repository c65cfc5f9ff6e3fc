/* The audit trail's face to the modules whose changes it records (tenders, deals, responses, uploads, settings). */
export { insertAuditEvent, listAuditEvents, namesForAuditIds, type AuditChanges } from './audit.repository.ts';
