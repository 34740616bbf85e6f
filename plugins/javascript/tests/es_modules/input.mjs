// Entry point of the reporting package: what it imports and re-exports.
import config from './config.js';
import { readFile, writeFile as save } from 'node:fs/promises';
import * as path from 'node:path';
import React, { useMemo } from 'react';
import { default as Chart } from '../charts/index.js';
import './polyfills.js';
import 'dotenv/config';

export { formatMoney, formatDate as date } from './format.js';
export * from './totals.js';
export * as charts from '../charts';
export { default as Table } from './table.js';

export async function loadReport(name) {
  const { parse } = await import('./parser.js');
  const locale = await import(`./locales/${config.locale}.js`);
  const text = await readFile(path.join(config.dir, name), 'utf8');
  return parse(text, locale);
}

export async function saveReport(name, report) {
  await save(path.join(config.dir, name), JSON.stringify(report));
}

const plugins = import('./plugins/index.js');

export { loadReport as load };
export default loadReport;
