// Imported first by main.tsx: zod's JIT probes `new Function`, which the console's policy (no
// eval) refuses and reports; jitless mode never tries.
import { config } from 'zod';

config({ jitless: true });
