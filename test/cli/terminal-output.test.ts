// Nothing a terminal would act on reaches it from a note or a file name: notes holding ESC[2J
// (clear), ESC]0;…BEL (window title), ESC]52;c;…BEL (set the clipboard), C1 CSI, DEL and a lone
// CR, and file names holding ESC, a tab and a line break, through every command's human-readable
// output (results, export, ls, outline, warnings, errors, watch). `--json` keeps the exact text.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { progressLine } from '../../src-main/cli/progress.ts';
import { finished, runCli, spawnCli } from '../engine/live/cli-process.ts';
import { write } from '../engine/live/helpers.ts';
import { tempDir } from '../engine/store/temp.ts';

const dir = tempDir('folio-terminal-');
const ESC = '\x1b';
const BEL = '\x07';
const HOSTILE =
  `clear${ESC}[2J title${ESC}]0;pwned${BEL} clipboard${ESC}]52;c;ZXZpbA==${BEL} ` +
  `csi\u009b31m del\x7f over\rwrite`;
const EVIL_NAME = `na${ESC}[31mme\twith\nbreak.md`;

/** The control characters of `text` a terminal would act on (line feeds and tabs are fine). */
function controls(text: string): string[] {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return [...text].filter((char) => /[\x00-\x08\x0b-\x1f\x7f-\x9f]/.test(char));
}

const root = join(dir, 'vault');
write(
  root,
  'evil.md',
  `# Heading ${ESC}[2J zebra\n\nzebra ${HOSTILE}\n\n## Tail${BEL}\n\nzebra end\n`,
);
write(root, EVIL_NAME, '# Named\n\nzebra in a badly named note\n');
write(root, `bin${ESC}]0;x${BEL}.md`, new Uint8Array([0, 1, 2, 0, 0, 0, 3, 4, 0, 0, 0, 0]));
const db = join(dir, 'folio.db');

describe('terminal output', () => {
  it('escapes control characters from notes and file names in every human-readable output', async () => {
    const index = await runCli(['index', '--db', db, `${root}=v`]);
    expect(index.status).toBe(0);
    // The warning names the binary note, escaped; nothing else differs.
    expect(index.stderr).toContain(`warning: v:bin\\x1b]0;x\\x07.md: `);
    const outputs: Record<string, string> = { index: index.stdout + index.stderr };
    const search = await runCli(['search', '--db', db, 'zebra']);
    expect(search.stdout).toContain('clear\\x1b[2J title\\x1b]0;pwned\\x07 clipboard\\x1b]52;c;');
    expect(search.stdout).toContain('csi\\x9b31m del\\x7f'); // snippets fold the CR into a space
    outputs.search = search.stdout + search.stderr;
    for (const format of ['md', 'text']) {
      const exported = await runCli(['export', '--db', db, '--format', format, 'zebra']);
      expect(exported.stdout).toContain('clipboard\\x1b]52;c;ZXZpbA==\\x07');
      expect(exported.stdout).toContain('del\\x7f over\\rwrite');
      outputs[`export ${format}`] = exported.stdout + exported.stderr;
    }
    const ls = await runCli(['ls', '--db', db]);
    const records = ls.stdout.trimEnd().split('\n');
    expect(records).toHaveLength(2); // the name with a line break did not split its record
    for (const record of records) expect(record.split('\t')).toHaveLength(3);
    expect(records.some((r) => r.startsWith('v:na\\x1b[31mme\\twith\\nbreak.md\t'))).toBe(true);
    outputs.ls = ls.stdout + ls.stderr;
    const outline = await runCli(['outline', '--db', db, 'v:evil.md']);
    expect(outline.stdout).toContain('# Heading \\x1b[2J zebra');
    outputs.outline = outline.stdout + outline.stderr;
    const missing = await runCli(['outline', '--db', db, `v:gone${ESC}]0;x${BEL}.md`]);
    expect(missing.status).toBe(1);
    outputs.error = missing.stdout + missing.stderr;
    for (const [command, output] of Object.entries(outputs)) {
      expect({ command, controls: controls(output) }).toEqual({ command, controls: [] });
    }
  }, 120_000); // nine CLI runs

  it('prints watch events with the names escaped', async () => {
    const watched = join(dir, 'watched');
    write(watched, 'a.md', '# A\n');
    const child = spawnCli(['watch', '--db', join(dir, 'watch.db'), `${watched}=w`]);
    const run = finished(child);
    const printed = (stream: NodeJS.ReadableStream, text: string) =>
      new Promise<void>((resolve) => {
        let seen = '';
        stream.on('data', (data: Buffer) => {
          seen += data.toString();
          if (seen.includes(text)) resolve();
        });
      });
    await printed(child.stderr!, 'watching');
    const indexed = printed(child.stdout!, 'indexed w:na');
    write(watched, EVIL_NAME, `# Evil ${ESC}[2J\n`);
    await indexed;
    child.kill('SIGINT');
    const { stdout, stderr } = await run;
    expect(stdout).toContain('indexed w:na\\x1b[31mme\\twith\\nbreak.md\n');
    expect(controls(stdout + stderr)).toEqual([]);
  }, 60_000);

  it('keeps the exact text in --json', async () => {
    const search = await runCli(['search', '--db', db, '--json', 'zebra']);
    const results = JSON.parse(search.stdout).results as Array<{ id: string; snippet: string }>;
    expect(results.map((r) => r.id)).toContain(`v:${EVIL_NAME}#named`);
    const exported = await runCli(['export', '--db', db, '--format', 'json', 'zebra']);
    expect(exported.stdout).toContain(JSON.stringify(HOSTILE).slice(1, -1));
    const ls = JSON.parse((await runCli(['ls', '--db', db, '--json'])).stdout) as {
      documents: Array<{ docId: string }>;
    };
    expect(ls.documents.map((d) => d.docId)).toContain(`v:${EVIL_NAME}`);
  }, 60_000);

  it('draws a progress line with the current file name escaped', () => {
    const line = progressLine({
      vault: 'v',
      phase: 'indexing',
      done: 1,
      total: 2,
      currentPath: `x${ESC}]0;t${BEL}\n.md`,
      errors: 0,
    });
    expect(line).toContain('x\\x1b]0;t\\x07\\n.md');
    expect(controls(line)).toEqual([]);
  });
});
