/**
 * Imported first by main.tsx, before any schema is made: zod generates no code, since the server's
 * Content-Security-Policy refuses eval (zod's probe for it would otherwise be reported as a violation).
 */
import { z } from 'zod';

z.config({ jitless: true });
