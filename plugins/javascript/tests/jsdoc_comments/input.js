#!/usr/bin/env node
// Command-line entry point.
// Parses arguments and runs one command.

/**
 * Default options of every command.
 * @type {{ verbose: boolean }}
 */
const DEFAULTS = { verbose: false };

/** Commands by name. */
const commands = new Map();

// A command that is registered twice replaces the first.

function register(name, run) {
  commands.set(name, run);
}

/**
 * Runs a command.
 *
 * @param {string} name - the command's name
 * @param {string[]} args - its arguments
 * @returns {Promise<number>} the exit code
 */
async function run(name, args) {
  // unknown commands print the help
  const command = commands.get(name) ?? commands.get('help');
  return command(args, DEFAULTS); /* the command decides the code */
}

class Cli {
  /**
   * Parses process.argv.
   * @param {string[]} argv
   */
  parse(argv) {
    return argv.slice(2);
  }

  /** Whether output is verbose. */
  get verbose() {
    return DEFAULTS.verbose;
  }
}

/*
 * Not a doc comment, but still a comment above a definition.
 */
export const cli = new Cli();
