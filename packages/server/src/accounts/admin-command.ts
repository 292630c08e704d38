import { messages, validateAdminAccount } from '@portal/core/domain';
import { createInterface } from 'node:readline';
import { Writable, type Readable } from 'node:stream';
import { hashPassword } from '../auth/passwords.ts';
import { newId } from '../auth/tokens.ts';
import type { Database } from '../db/database.ts';
import { isUniqueViolation } from '../http/errors.ts';
import { texts } from '../texts.ts';
import {
  findAdminByEmail,
  findCustomerByEmail,
  insertAdmin,
  normalizeEmail,
} from './accounts.repo.ts';

/**
 * `pnpm admin:create --email …` (docs/operations.md, 'The first admin'): creates an admin account
 * with a password the command ASKS for, twice and without echo on a terminal, or reads from the
 * first two lines of its input otherwise (a script, a test). Never from an argument: it would stay
 * in the shell's history and the process list.
 */

export interface AdminArguments {
  email: string;
  firstName: string;
  lastName: string;
}

/** The command's arguments, or the French reason it refuses them (before anything is asked). */
export function parseAdminArguments(
  args: readonly string[],
): { ok: true; value: AdminArguments } | { ok: false; message: string } {
  const values: Record<'--email' | '--first-name' | '--last-name', string> = {
    '--email': '',
    '--first-name': '',
    '--last-name': '',
  };
  for (let at = 0; at < args.length; at += 1) {
    const [name = '', inline] = (args[at] ?? '').split(/=(.*)/s);
    if (/^(--password|-p$|--pass)/.test(name)) {
      return { ok: false, message: texts.adminCommand.passwordArgumentRefused };
    }
    if (!(name in values)) {
      return {
        ok: false,
        message: `${texts.adminCommand.unknownArgument} : ${name}\n${texts.adminCommand.usage}`,
      };
    }
    const value = inline ?? args[(at += 1)];
    if (value === undefined) return { ok: false, message: texts.adminCommand.usage };
    values[name as keyof typeof values] = value;
  }
  if (values['--email'] === '') return { ok: false, message: texts.adminCommand.usage };
  return {
    ok: true,
    value: {
      email: values['--email'],
      firstName: values['--first-name'].trim(),
      lastName: values['--last-name'].trim(),
    },
  };
}

export interface CommandIo {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable;
  stderr: Writable;
}

/** One line typed on the terminal, not echoed: readline writes its echo to a sink. */
async function askHidden(io: CommandIo, prompt: string): Promise<string> {
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const line = createInterface({ input: io.stdin, output: sink, terminal: true });
  io.stdout.write(prompt);
  const answer = await new Promise<string>((resolve) => line.question('', resolve));
  line.close();
  io.stdout.write('\n');
  return answer;
}

/** The password and its confirmation: asked on a terminal, else the input's first two lines. */
async function readPasswords(io: CommandIo): Promise<[string, string]> {
  if (io.stdin.isTTY === true) {
    return [
      await askHidden(io, texts.adminCommand.password),
      await askHidden(io, texts.adminCommand.confirmation),
    ];
  }
  const lines: string[] = [];
  for await (const line of createInterface({ input: io.stdin, crlfDelay: Infinity })) {
    lines.push(line);
    if (lines.length === 2) break;
  }
  return [lines[0] ?? '', lines[1] ?? ''];
}

/**
 * Asks the password and creates the admin; answers the process's exit code (0 created, 1 refused
 * with the French reasons on stderr). An email a customer or an admin has is refused: one login
 * serves both (docs/product.md#back-office).
 */
export async function createAdminInteractively(
  db: Database,
  account: AdminArguments,
  io: CommandIo,
): Promise<number> {
  const [password, confirmation] = await readPasswords(io);
  const refuse = (reasons: readonly string[]) => {
    io.stderr.write(`${texts.adminCommand.refused}\n${reasons.map((r) => `- ${r}`).join('\n')}\n`);
    return 1;
  };
  const checked = validateAdminAccount({ email: account.email, password, confirmation });
  if (!checked.success) {
    return refuse(Object.values(checked.errors).filter((reason) => reason !== undefined));
  }
  const email = normalizeEmail(checked.output.email);
  const taken = [messages.onboarding.emailTaken];
  if (
    (await findCustomerByEmail(db, email)) !== undefined ||
    (await findAdminByEmail(db, email)) !== undefined
  ) {
    return refuse(taken);
  }
  try {
    await insertAdmin(db, {
      id: newId(),
      email,
      password_hash: await hashPassword(password),
      first_name: account.firstName,
      last_name: account.lastName,
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refuse(taken);
    throw error;
  }
  io.stdout.write(`${texts.adminCommand.created} : ${email}\n`);
  return 0;
}
