import { pgSequence } from 'drizzle-orm/pg-core';

/**
 * Hands each starting API process its serial-number instance id (lib/serial-number.ts), 0-1023
 * and round again: two processes collide only if one started 1024 starts after the other and
 * both still run.
 */
export const SERIAL_NUMBER_SEQUENCE = 'serial_number_instances';
export const serialNumberInstances = pgSequence(SERIAL_NUMBER_SEQUENCE, { startWith: 0, minValue: 0, maxValue: 1023, cycle: true });
