/**
 * Every message the bot sends about a game, by family: lobby, board, hand, status, final scores,
 * and the names and images they share. Public builders read only public views and public events.
 */
export * from './names.js';
export * from './image-jobs.js';
export * from './board.js';
export * from './lobby.js';
export * from './hand.js';
export * from './status.js';
export * from './final.js';
export { gameOf, holderAt, pendingUsers, seatOfUser } from '../../store/game-store.js';
