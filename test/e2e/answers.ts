/**
 * How a person answers a decision in a given game, through the private view's components only.
 * Shared by the per-game end-to-end tests and the replica kill test (`replica-kit.ts`).
 */
import type { Decision } from '../../src/engine/index.js';
import { gameById } from '../../src/catalog.js';
import type { PalermoMove } from '../../src/games/palermo/index.js';
import type { PhoneImpactSeatView, PhoneImpactState } from '../../src/games/phoneimpact/types.js';
import type { MessageRecord } from '../double/types.js';
import { componentsOf, settled, suggestedAnswers, type Player } from './harness.js';

/** The decision controls of a private view: step id and choice of each button, select and form. */
export function controls(hand: MessageRecord) {
  return componentsOf(hand)
    .filter((c) => /^(mv|sc|form):/.test(c.custom_id ?? ''))
    .map((c) => {
      const [kind, , , step, choice] = c.custom_id!.split(':');
      return { kind: kind!, step: step!, choice, id: c.custom_id!, component: c };
    });
}

/** Clicks the button, or picks the select option, that answers `step` with `choice`. */
export async function clickChoice(p: Player, hand: MessageRecord, step: string, choice: string): Promise<MessageRecord> {
  const comps = componentsOf(hand);
  const button = comps.find((c) => c.custom_id?.startsWith('mv:') && c.custom_id.endsWith(`:${step}:${choice}`));
  if (button?.custom_id) return settled(p.world.double, await p.click(hand, button.custom_id));
  const select = comps.find((c) => c.custom_id?.startsWith('mv:') && c.custom_id.endsWith(`:${step}`) && c.options?.some((o) => o.value === choice));
  if (!select?.custom_id) throw new Error(`no choice ${choice} of ${step}: ${JSON.stringify(hand.components)}`);
  return settled(p.world.double, await p.select(hand, select.custom_id, [choice]));
}

/** Clicks the one-click answer `id` of `step`. */
export async function shortcut(p: Player, hand: MessageRecord, step: string, id: string): Promise<MessageRecord> {
  const c = componentsOf(hand).find((x) => x.custom_id?.startsWith('sc:') && x.custom_id.endsWith(`:${step}:${id}`));
  if (!c?.custom_id) throw new Error(`no shortcut ${id} of ${step}`);
  return settled(p.world.double, await p.click(hand, c.custom_id));
}

const phoneImpact = gameById('phoneimpact')!;

/** PhoneImpact played sensibly by clicks: build when possible, else supply (PolluPlus first); events by default. */
export async function playPhoneImpact(p: Player, channel: string, state: PhoneImpactState, guess = 3000): Promise<MessageRecord> {
  const hand = await p.openHand(channel);
  const ctl = controls(hand);
  if (state.phase === 'turn') {
    const menu = ctl.filter((c) => c.step === 'menu');
    // Mixing PolluPlus and PolluMoins cards in hand makes builds with a real choice of cards.
    const backs = { PP: 0, PM: 0 };
    for (const c of (phoneImpact.seatView(state, state.current) as PhoneImpactSeatView).hand) if (c.supplier !== 'RC') backs[c.supplier]++;
    const favourite = backs.PM * 2 < backs.PP ? 'sPM' : 'sPP';
    const pick = menu.find((c) => c.choice!.startsWith('b-')) ?? menu.find((c) => c.choice === favourite) ?? menu.find((c) => c.choice!.startsWith('s')) ?? menu[0]!;
    return settled(p.world.double, await p.click(hand, pick.id));
  }
  if (state.phase === 'event' && state.event?.step === 'quiz') return p.submitForm(channel, hand, () => ({ value: String(guess) }));
  return p.playOnce(channel);
}

/** A Palermo decision's default answer: the form's suggested values, else the first choice, else the first shortcut. */
export async function palermoDefault(p: Player, channel: string, hand: MessageRecord, d: Decision<PalermoMove>): Promise<MessageRecord> {
  if (d.kind === 'form') {
    const reply = await p.submitForm(channel, hand, suggestedAnswers);
    if (!reply.content.includes('⚠️') || !d.shortcuts?.length) return reply;
    // A refused suggestion would be a bug worth seeing, but the game can still go on.
    throw new Error(`suggested answer refused at ${d.id}: ${reply.content}`);
  }
  if (d.kind === 'choose' && d.choices.length > 0) return clickChoice(p, hand, d.id, d.choices[0]!.id);
  return shortcut(p, hand, d.id, d.shortcuts![0]!.id);
}
