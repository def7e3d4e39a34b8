/** What the class session end-to-end tests share: opening a session, the panel, the CSV export. */
import { expect } from 'vitest';
import { DEFAULT_BOT_PERMISSIONS, Perm } from '../double/discord-double.js';
import type { MessageRecord } from '../double/types.js';
import { componentsOf, customIdOf, settled, type Player, type World } from './harness.js';

export const TEACHER_PERMS = Perm.ViewChannel | Perm.SendMessages | Perm.ManageThreads;

/** /session new in the world's first channel; returns the session message (Join a table). */
export async function openSession(w: Pick<World, 'double' | 'channels'>, teacher: Player, options: Record<string, string | number | boolean>): Promise<MessageRecord> {
  const channel = w.channels[0]!;
  w.double.setBotPermissions(channel, DEFAULT_BOT_PERMISSIONS | Perm.CreatePublicThreads);
  const rec = await teacher.command(channel, 'session', { subcommand: 'new', options });
  const message = await settled(w.double, rec, 30_000);
  expect(message.content).not.toContain('⚠️');
  return w.double.waitFor(() => w.double.channelMessages(channel).find((m) => componentsOf(m).some((c) => c.custom_id?.startsWith('ses:'))), 30_000);
}

/** The facilitator's panel, freshly opened. */
export async function panel(w: Pick<World, 'double' | 'channels'>, teacher: Player): Promise<MessageRecord> {
  const rec = await teacher.command(w.channels[0]!, 'session', { subcommand: 'panel' });
  return settled(w.double, rec, 30_000);
}

/** Presses a panel button and waits for the confirmation (or the refusal) that follows it. */
export async function pressPanel(w: Pick<World, 'double' | 'channels'>, teacher: Player, action: string): Promise<string> {
  const message = await panel(w, teacher);
  const rec = await teacher.click(message, customIdOf(message, `ses:`).replace(/:[a-z]+$/, `:${action}`));
  const answer = await w.double.waitFor(() => rec.followUps[0], 60_000);
  return answer.content;
}

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\n') row.push(cell), rows.push(row), (row = []), (cell = '');
    else if (c !== '\r') cell += c;
  }
  return rows;
}

/** The panel's export: the CSV, parsed (the JSON beside it must parse too). */
export async function exportCsv(w: Pick<World, 'double' | 'channels'>, teacher: Player): Promise<string[][]> {
  const message = await panel(w, teacher);
  const rec = await teacher.click(message, customIdOf(message, 'ses:').replace(/:[a-z]+$/, ':export'));
  const reply = await settled(w.double, rec, 30_000);
  const csv = reply.attachments.find((a) => a.filename.endsWith('.csv'));
  const json = reply.attachments.find((a) => a.filename.endsWith('.json'));
  expect(json).toBeDefined();
  JSON.parse(json!.data.toString('utf8'));
  return parseCsv(csv!.data.toString('utf8'));
}
