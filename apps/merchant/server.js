// Serves the built console with its API proxy (packages/console-server). The only reader of
// process.env in this app.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveConsole } from '@bazaar/console-server';

serveConsole({
  name: '[merchant] merchant center',
  distDir: path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist'),
  port: Number(process.env.MERCHANT_PORT ?? 3001),
  host: process.env.HOST || '127.0.0.1',
  apiUrl: process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 8080}`,
});
