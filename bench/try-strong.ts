import { benchStrong } from '/work/wt/strong/bench/strong.js';
const [game, seats, games, ms] = process.argv.slice(2);
const t = Date.now();
const r = benchStrong(game!, { seats: Number(seats), games: Number(games), thinkMs: Number(ms), options: game === 'r-eco' && seats === '2' ? { 'two-player': true } : {} });
console.log(JSON.stringify(r), (Date.now() - t) / 1000, 's');
