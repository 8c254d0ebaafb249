// The audit log's entries of the platform console's flash-sale decisions (issue 27, decision 062);
// texts in i18n/{zh,en}/console-platform-seckill.ts (seckillAudit).
export const SECKILL_AUDIT_ACTIONS = ['seckill.approve', 'seckill.reject', 'seckill.offline', 'seckill.sessions'] as const;
