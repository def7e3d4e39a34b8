import { benchDiscord } from './discord.js';
console.log(await benchDiscord({ channels: 20, turnsPerChannel: 10, thinkMs: Number(process.env.THINK ?? 1000) }));
