import type { Agent } from 'node:http';
import type { RequestHandler } from 'express';
import type { RequestHandler as ProxyHandler } from 'http-proxy-middleware';

/** See api-proxy.js. */
export function apiProxies(api: string): { calls: RequestHandler; passThrough: RequestHandler; socket: ProxyHandler; agent: Agent };
