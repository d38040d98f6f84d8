import { createHash } from 'node:crypto';
import { EARLY_INPUT_SCRIPT } from '../../contract/early-input.ts';

/** The script that holds presses and notes typing on a drawn page until its SPA takes them over. */
export const EARLY_INPUT_TAG = `<script>${EARLY_INPUT_SCRIPT}</script>`;

/** The one inline script the content security policy allows, named by its hash. */
export const EARLY_INPUT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(EARLY_INPUT_SCRIPT).digest('base64')}'`;
