import express, { Router, type Request } from 'express';
import type { Config } from './config';
import fs = require('fs');
import legacy = require('../legacy/index');
import * as models from '@/models';
import '@/styles/global.css';

export type { User, Role as UserRole } from './models/user';
export { default as Server } from './server.js';
export * from './routes';
export * as handlers from './handlers';

const { version } = require('../package.json');

export async function loadPlugin(name: string): Promise<unknown> {
  const plugin = await import(`./plugins/${name}`);
  const helpers = await import('./plugins/helpers');
  return plugin.default ?? helpers;
}

export default function createApp(config: Config): express.Express {
  const app = express();
  app.use(Router());
  return app;
}
