import { benchStrongLoad } from './strong.js';
const t = setInterval(() => {}, 1000);
console.log(await benchStrongLoad({ thinkMs: 300, channels: 4, decisionsPerChannel: 5, threads: 2 }));
clearInterval(t);
