/**
 * The second strong search, compared with the flat one (`search.ts`) in the benchmark:
 * single-observer information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012).
 * One tree, whose nodes are the searching seat's information sets: the moves played since its
 * decision, as that seat sees them. Each iteration draws a complete state from the seat's view
 * (`sampleState`), walks down the tree with moves legal in that sample (UCB counting how often a
 * move was available, since a move can hang on a guess), adds one node, plays the standard bot in
 * every seat to the end and credits each seat's reward to the moves made for it. Moves the
 * searching seat cannot see (another seat's sealed answer, a concealing question) are never tree
 * edges: the standard bot draws them, as in a rollout. Pure: time comes from the caller.
 */
import { Rng, type RngState } from './rng.js';
import { budgetSpent, candidatesFor, moveKey, rewardOf, rollout, type SearchBudget, type SearchResult } from './search.js';
import type { AnyGame, Seat } from './types.js';

/** UCB exploration constant for rewards in 0..1. */
const EXPLORATION = 0.7;
/** Moves a node below the root considers: the standard bot's, then a sample of the legal ones. */
const MAX_BRANCHING = 8;
/** Tree steps per iteration at most (then the rollout takes over). */
const MAX_TREE_DEPTH = 12;

interface Edge {
  move: unknown;
  /** The nodes after this move, by the next seat to decide (chance and hidden answers vary it). */
  children: Map<Seat, TreeNode>;
  visits: number;
  /** Iterations in which this move was legal at its node: UCB's count for it. */
  available: number;
  reward: number;
  wins: number;
}

interface TreeNode {
  seat: Seat;
  edges: Map<string, Edge>;
}

function ucb(edge: Edge): number {
  return edge.reward / edge.visits + EXPLORATION * Math.sqrt(Math.log(Math.max(1, edge.available)) / edge.visits);
}

/** Moves for a node below the root in this sample: the standard bot's first, then a seeded few. */
function movesBelow(game: AnyGame, state: unknown, seat: Seat, rng: Rng): unknown[] {
  const standard = game.bot(game.seatView(state, seat), rng);
  const seen = new Set([moveKey(standard)]);
  const rest: unknown[] = [];
  for (const move of game.legalMoves(state, seat)) {
    const k = moveKey(move);
    if (!seen.has(k)) {
      seen.add(k);
      rest.push(move);
    }
  }
  if (rest.length > MAX_BRANCHING - 1) rng.shuffle(rest).length = MAX_BRANCHING - 1;
  return [standard, ...rest];
}

/**
 * The strong bot's move for `seat` by ISMCTS, from its view alone. Same budget and result as
 * `searchMove`; one iteration is one rollout. The chosen move is the root's most visited one that
 * was legal in every sample; with a single legal answer, or no budget, it is the standard move.
 */
export function ismctsMove<M>(game: AnyGame, seat: Seat, view: unknown, rng: Rng, budget: SearchBudget): SearchResult<M> {
  const standard = game.bot(view, rng) as M;
  const candidates = candidatesFor(game, seat, view, standard, rng);
  const base = { move: standard, standard, winChance: null, standardChance: null, rollouts: 0, candidates: candidates.length };
  if (candidates.length < 2) return base;
  const root: TreeNode = { seat, edges: new Map(candidates.map((move) => [moveKey(move), { move, children: new Map(), visits: 0, available: 0, reward: 0, wins: 0 }])) };
  let rollouts = 0;
  /** Iterations that reached the root's decision (a hidden answer drawn before it can fail). */
  let rootSeen = 0;
  while (!budgetSpent(budget, rollouts)) {
    rollouts++;
    let state = game.sampleState(view, rng);
    const seed: RngState = [rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32)];
    const policy = new Rng(seed);
    const path: { node: TreeNode; edge: Edge }[] = [];
    // Seats answering a simultaneous question: their answers stay hidden until all have answered.
    const sealed = new Set<Seat>();
    let last: Edge | null = null;
    let failed = false;
    for (let depth = 0; depth < MAX_TREE_DEPTH && !game.isOver(state); ) {
      const pending: Seat[] = game.pending(state);
      const mover = pending[0];
      if (mover === undefined) break;
      if (pending.length > 1) for (const p of pending) sealed.add(p);
      const hidden = mover !== seat && (sealed.has(mover) || game.decision(state, mover)?.concealing === true);
      if (hidden) {
        // Not a tree edge: drawn by the standard bot, and the walk stays where it is.
        const r = game.apply(state, mover, game.bot(game.seatView(state, mover), policy));
        if (!r.ok) {
          failed = true;
          break;
        }
        state = r.state;
        sealed.delete(mover);
        continue;
      }
      let node: TreeNode;
      if (last === null) {
        if (mover !== seat) break;
        node = root;
        rootSeen++;
      } else {
        node = last.children.get(mover) ?? { seat: mover, edges: new Map() };
        last.children.set(mover, node);
      }
      // The moves legal in this sample; the root keeps its fixed candidates.
      const legal: { edge: Edge; next: unknown }[] = [];
      const fresh: { key: string; move: unknown; next: unknown }[] = [];
      const moves = node === root ? candidates : movesBelow(game, state, mover, policy);
      for (const move of moves) {
        const k = moveKey(move);
        const edge = node.edges.get(k);
        const r = game.apply(state, mover, move);
        if (!r.ok) continue;
        if (edge) {
          edge.available++;
          legal.push({ edge, next: r.state });
        } else fresh.push({ key: k, move, next: r.state });
      }
      let step: { edge: Edge; next: unknown } | undefined = legal.find((l) => l.edge.visits === 0);
      if (!step && fresh.length > 0) {
        const f = fresh[0]!;
        const edge: Edge = { move: f.move, children: new Map(), visits: 0, available: 1, reward: 0, wins: 0 };
        node.edges.set(f.key, edge);
        step = { edge, next: f.next };
      }
      step ??= legal.length > 0 ? legal.reduce((a, b) => (ucb(b.edge) > ucb(a.edge) ? b : a)) : undefined;
      if (!step) {
        failed = true;
        break;
      }
      path.push({ node, edge: step.edge });
      state = step.next;
      sealed.delete(mover);
      depth++;
      // One new node per iteration: after a first visit the rollout takes over.
      if (step.edge.visits === 0) break;
      last = step.edge;
    }
    const end = failed ? null : rollout(game, state, policy);
    const outcome = end ? game.outcome(end) : null;
    for (const { node: n, edge } of path) {
      const { win, reward } = rewardOf(outcome, n.seat);
      edge.visits++;
      edge.reward += reward;
      edge.wins += win;
    }
  }
  const edges = [...root.edges.values()];
  const std = root.edges.get(moveKey(standard))!;
  // A move refused in some sample hangs on what the seat cannot see: it is never chosen.
  const safe = edges.filter((e) => e.visits > 0 && e.available === rootSeen);
  const best = safe.length > 0 ? safe.reduce((a, b) => (b.visits > a.visits || (b.visits === a.visits && b.reward / b.visits > a.reward / a.visits) ? b : a)) : std;
  const chance = (e: Edge) => (e.visits > 0 ? e.wins / e.visits : null);
  return { move: best.move as M, standard, winChance: chance(best), standardChance: chance(std), rollouts, candidates: candidates.length };
}
