import { benchPipeline } from './pipeline.js';
import { benchPlayouts } from './engine.js';
console.log(benchPipeline({ games: 20 }));
console.log(benchPlayouts({ batches: 10, gamesPerBatch: 300, seats: 4 }));
