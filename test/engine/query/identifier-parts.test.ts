// Camel-case identifier parts (query/identifier-parts.ts) as a table of cases.
import { describe, expect, it } from 'vitest';
import { identifierParts, withParts } from '../../../src-main/engine/query/identifier-parts.ts';

describe('identifierParts', () => {
  const cases: Array<[text: string, parts: string[]]> = [
    ['CWnd::SetCapture', ['Wnd', 'Set', 'Capture']],
    ['CTaskDialog::IsSupported', ['Task', 'Dialog', 'Is', 'Supported']],
    ['HTMLParser', ['HTML', 'Parser']],
    ['getITaskbarList', ['get', 'Taskbar', 'List']],
    ['RefCell<T> and FnOnce', ['Ref', 'Cell', 'Fn', 'Once']],
    ['iOS', ['OS']],
    ['plain words, snake_case, UPPER, Title Case', []],
    ['ÉcoleNormale', ['École', 'Normale']],
    ['SetCapture and SetFocus', ['Set', 'Capture', 'Focus']],
    ['', []],
  ];
  it.each(cases)('%s', (text, parts) => {
    expect(identifierParts(text)).toEqual(parts);
  });
});

describe('withParts', () => {
  it('appends the parts of every text, each once', () => {
    expect(withParts(['CTaskDialog Class', 'CTaskDialog::IsSupported'])).toBe(
      'CTaskDialog Class CTaskDialog::IsSupported Task Dialog Is Supported',
    );
    expect(withParts(['Remarks'])).toBe('Remarks');
  });
});
