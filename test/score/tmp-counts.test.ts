import { it } from 'vitest';
import { YAKU } from '../../src/events/index.js';
import { corpusHands } from './support.js';
it('counts', () => {
  const played = corpusHands().filter((h) => !/confusing_nakis_[12]\.json$/.test(h.file));
  const honba = played.filter((h) => h.players === 4 && h.start.honba > 0 && h.rule.chips !== 'five-chips' && h.table.wins.length > 0).length;
  const wins = played.flatMap((h) => h.table.wins.map((w) => ({ h, w })));
  const openTanyao = wins.filter(({ w }) => w.event.yaku.some((y) => y.id === YAKU.tanyao) && w.melds.some((m) => m.type !== 'ankan' && m.type !== 'kita')).length;
  console.log('COUNTS', honba, openTanyao);
});
