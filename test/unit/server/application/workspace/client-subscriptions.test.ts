import { clientSubscriptions } from '../../../../../src/server/application/workspace/workspace';

describe('clientSubscriptions (client/join subscriptions the workspace honours)', () => {
  it("takes system.metrics when it is true, as the SDK's defaults have it", () => {
    expect(clientSubscriptions({ system: { metrics: true }, file: { status: true } })).toEqual({ metrics: true });
  });

  it('takes nothing from anything else: nil, false, wrong types, arrays', () => {
    for (const subscriptions of [undefined, null, {}, { system: { metrics: false } }, { system: { metrics: 'yes' } }, { system: true }, [], 'all', 7, { system: [true] }]) {
      expect(clientSubscriptions(subscriptions)).toEqual({ metrics: false });
    }
  });
});
