import messages from './messages/en.json';
const path = require('node:path');

const GREETING = 'Welcome back to the dashboard';
const KEY = 'user_id';
const URL = 'https://api.example.com/v2/users';
const SHORT = 'ok';

export function describe(user, count) {
  if (!user) throw new Error('a user is required to describe');
  const noun = count === 1 ? 'one item in the cart' : `${count} items in the cart`;
  console.warn("falling back to the default locale", user.locale);
  return `Hello ${user.name}, you have ${noun}`;
}

export const labels = {
  save: 'Save the changes',
  cancel: 'cancel',
  tooltip: ['Click to edit', 'Double click to open'],
};

export function status(code) {
  switch (code) {
    case 'not-found':
      return 'The page could not be found';
    default:
      return code + ' is an unexpected status';
  }
}

const dynamic = import('./locales/fr.js');
const resolved = path.join(__dirname, 'templates/email.html');
