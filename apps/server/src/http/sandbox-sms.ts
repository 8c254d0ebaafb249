// The sandbox SMS inbox: registered only while the sandbox provider sends nothing real, so
// a tester can read the codes. Gone (404) as soon as a real provider is configured.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SmsInboxEntrySchema, type SmsInboxEntry } from '@bazaar/shared/schemas/account';
import { listRecentSmsMessages } from '../modules/account/repository.ts';
import { formatApiTime } from '../lib/api-time.ts';
import { nonceInlineStyles } from './sandbox-page.ts';

const INBOX_SIZE = 50;
const REFRESH_SECONDS = 3;


const PURPOSES: Record<string, string> = { login: '登录 Login', register: '注册 Register', password: '改密 Password', shopAccount: '店铺账号 Store account', notice: '通知 Notice' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderInboxPage(entries: SmsInboxEntry[]): string {
  const rows = entries
    .map(
      (e) =>
        `<tr><td>${escapeHtml(e.createdAt)}</td><td>${escapeHtml(e.mobile)}</td><td>${escapeHtml(PURPOSES[e.purpose] ?? e.purpose)}</td>${e.code ? `<td class="code">${escapeHtml(e.code)}</td>` : `<td class="text">${escapeHtml(e.text ?? '—')}</td>`}</tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="zh">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="${REFRESH_SECONDS}">
<title>短信沙箱 · SMS sandbox</title>
<link rel="icon" href="data:,">
<style>
body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;margin:2rem;color:#222}
h1{font-size:1.4rem;margin:0 0 .3rem}p{color:#666;margin:0 0 1rem}
table{border-collapse:collapse;min-width:40rem}th,td{border-bottom:1px solid #ddd;padding:.45rem .8rem;text-align:left}
th{background:#f6f6f6}.code{font-family:ui-monospace,monospace;font-size:1.15rem;font-weight:bold;color:#e4393c;letter-spacing:.1em}.text{max-width:36rem}
</style>
</head>
<body>
<h1>短信沙箱 · SMS sandbox</h1>
<p>未配置真实短信服务，验证码和通知只显示在这里（最新 ${INBOX_SIZE} 条，每 ${REFRESH_SECONDS} 秒刷新）。<br>No real SMS provider is configured: codes and notices are shown here only (newest ${INBOX_SIZE}, refreshed every ${REFRESH_SECONDS} s).</p>
<table>
<thead><tr><th>时间 Time (GMT+8)</th><th>手机号 Mobile</th><th>用途 Purpose</th><th>验证码或内容 Code or text</th></tr></thead>
<tbody>${rows || '<tr><td colspan="4">暂无短信 · No messages yet</td></tr>'}</tbody>
</table>
</body>
</html>`;
}

export async function sandboxSmsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', nonceInlineStyles);

  async function listInbox(): Promise<SmsInboxEntry[]> {
    const rows = await listRecentSmsMessages(app.ctx.db, INBOX_SIZE);
    return rows.map((r) => ({ id: r.id, mobile: r.mobile, purpose: r.purpose, code: r.sandboxCode, text: r.sandboxText, createdAt: formatApiTime(r.createdAt) }));
  }

  api.get(
    '/sandbox/sms/messages',
    { schema: { tags: ['sandbox'], summary: 'Sandbox SMS inbox (newest 50)', response: { 200: z.array(SmsInboxEntrySchema) } } },
    async () => listInbox(),
  );

  api.get('/sandbox/sms', { schema: { tags: ['sandbox'], summary: 'Sandbox SMS inbox page' } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderInboxPage(await listInbox())),
  );
}
