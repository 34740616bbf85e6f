import { add as sum } from './util/math.js';
import * as m from './util/math';
import clampIt from './util/math';
import { plus, clamp } from './util';
import { scale as other } from './other';

export function run(): number {
  sum(1, 2);
  m.scale(3);
  clampIt(4);
  plus(5, 6);
  clamp(7);
  other('x');
  return 0;
}
