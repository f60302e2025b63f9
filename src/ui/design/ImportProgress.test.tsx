import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ImportProgress } from './ImportProgress';

describe('ImportProgress', () => {
  it('puts Cancel before the status text, so the text changing with each phase and second never moves it', () => {
    const html = renderToStaticMarkup(<ImportProgress fileName="large-model.json" bytes={3_000_000} phase="inferring" onCancel={() => undefined} />);
    const cancel = html.indexOf('>Cancel</button>');
    const status = html.indexOf('role="status"');
    expect(cancel).toBeGreaterThan(-1);
    expect(status).toBeGreaterThan(-1);
    expect(cancel).toBeLessThan(status);
  });

  it('shows no Cancel while saving (the design is in the list by then)', () => {
    const html = renderToStaticMarkup(<ImportProgress fileName="large-model.json" bytes={3_000_000} phase="saving" />);
    expect(html).not.toContain('Cancel');
    expect(html).toContain('saving it in this browser…');
  });
});
