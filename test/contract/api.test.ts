import { describe, expect, it } from 'vitest';
import { API_EVENTS, API_METHODS, channelOf } from '../../src-main/contract/api.ts';

describe('contract', () => {
  it('gives every method and event its own folio: channel', () => {
    const channels = [...API_METHODS, ...API_EVENTS].map(channelOf);
    expect(new Set(channels).size).toBe(channels.length);
    expect(channels.every((channel) => /^folio:(call|event):[a-zA-Z]+$/.test(channel))).toBe(true);
  });
});
