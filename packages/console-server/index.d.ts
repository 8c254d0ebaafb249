import type { Server } from 'node:http';

export function serveConsole(options: { name: string; distDir: string; port: number; host: string; apiUrl: string }): Server;
