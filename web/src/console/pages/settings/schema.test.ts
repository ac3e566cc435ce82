import { createInstance } from 'i18next';
import en from '../../locales/en/settings.json';
import zh from '../../locales/zh/settings.json';
import served from '../../../../../crates/kernel/src/settings/schema.json';
import {
  SETTING_DEFAULTS,
  addItem,
  diffValues,
  getAt,
  isItemOn,
  issueKey,
  moveItem,
  parsePath,
  pathString,
  schemaFor,
  serverIssuePath,
  setAt,
  setItemOn,
  validateValue,
  type ArraySchema,
  type Json,
  type JsonObject,
  type SettingsSchema,
} from './schema';

const t = createInstance();
void t.init({ lng: 'en', resources: { en: { translation: en } }, keySeparator: false, nsSeparator: false, initAsync: false });
const tr = t.t as unknown as (key: string, options?: Record<string, unknown>) => string;
const message = (code: string, params?: Record<string, unknown>) => tr(issueKey({ code } as never), params);

const clone = <T,>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const withdrawal = () => clone(SETTING_DEFAULTS.WITHDRAWAL_SETTING) as JsonObject;
// The document the server validates with and serves (kernel test: the same).
const doc = served as unknown as SettingsSchema;
const sch = (key: string) => schemaFor(key, doc);
const validate = (key: string, value: Json | undefined) => validateValue(key, value, sch(key));
const diff = (key: string, before: Json | undefined, after: Json | undefined) => diffValues(key, before, after, sch(key));
const listSchema = (key: string) => sch(key) as ArraySchema;

describe("the server's schema", () => {
  it('covers the 25 keys, and every default passes its own schema', () => {
    expect(doc.keys).toHaveLength(25);
    expect(Object.keys(SETTING_DEFAULTS).sort()).toEqual([...doc.keys].sort());
    expect(Object.keys(doc.settings).sort()).toEqual([...doc.keys].sort());
    for (const key of doc.keys) expect(validate(key, SETTING_DEFAULTS[key])).toEqual([]);
  });

  it('has each field of the defaults, in their order', () => {
    for (const key of doc.keys) {
      const s = sch(key);
      const d = SETTING_DEFAULTS[key];
      if (s?.type === 'object') expect(Object.keys(s.properties)).toEqual(Object.keys(d as JsonObject));
    }
  });

  it('reads field kinds from the default values', () => {
    const s = sch('WITHDRAWAL_SETTING');
    expect(s?.type).toBe('object');
    if (s?.type !== 'object') return;
    expect(s.properties.withdrawalMix).toMatchObject({ type: 'string', format: 'decimal' });
    expect(s.properties.limitTimeStart).toMatchObject({ type: 'string', format: 'time' });
    expect(s.properties.dayWithdrawalNum).toMatchObject({ type: 'integer', minimum: 0, maximum: 4294967295 });
    expect(s.properties.checkPass).toEqual({ type: 'boolean' });
    expect(s.properties.coinTax).toMatchObject({ type: 'string', coin: true });
    expect(s.properties.coinTax).not.toHaveProperty('format');
    expect(s.required).toContain('withdrawalMix');
  });

  it('finds list identity, order and switch fields', () => {
    expect(listSchema('PC_SIDEBAR_SETTING')).toMatchObject({ identity: 'key', sortField: 'sort', toggleField: 'isOpen' });
    expect(listSchema('HOME_COIN_SETTING')).toMatchObject({ identity: 'coin', sortField: 'sort', toggleField: 'isOpen' });
    expect(listSchema('t_app_language')).toMatchObject({ identity: 'dictValue', sortField: 'dictSort', toggleField: 'status' });
    expect(listSchema('WITHDRAWAL_CHANNEL_SETTING')).toMatchObject({ identity: 'rechargeName', toggleField: 'status' });
    expect(listSchema('VIP_DIRECTIONS_SETTING').items).toBeNull();
  });

  it('refuses rebate ratios of 150 % and of 100/100/100, as the server does', () => {
    const rebate = (one: string, two: string, three: string) => ({ isOpen: true, oneRatio: one, twoRatio: two, threeRatio: three });
    expect(validate('FINANCIAL_REBATE_SETTING', rebate('150', '0', '0'))).toEqual([
      { path: 'FINANCIAL_REBATE_SETTING.oneRatio', code: 'decimalMax', params: { max: '100' } },
      { path: 'FINANCIAL_REBATE_SETTING.oneRatio', code: 'sumNotAbove', params: { fields: 'oneRatio + twoRatio + threeRatio', max: '100' } },
    ]);
    expect(validate('FINANCIAL_REBATE_SETTING', rebate('100', '100', '100'))).toEqual([
      { path: 'FINANCIAL_REBATE_SETTING.oneRatio', code: 'sumNotAbove', params: { fields: 'oneRatio + twoRatio + threeRatio', max: '100' } },
    ]);
    expect(validate('FINANCIAL_REBATE_SETTING', rebate('50', '30', '20'))).toEqual([]);
    expect(message('sumNotAbove', { fields: 'oneRatio + twoRatio + threeRatio', max: '100' })).toContain('100');
  });
});

describe('validation refuses a bad value with the field message', () => {
  it('a negative withdrawal minimum', () => {
    const w = withdrawal();
    w.withdrawalMix = '-5';
    const issues = validate('WITHDRAWAL_SETTING', w);
    expect(issues).toEqual([{ path: 'WITHDRAWAL_SETTING.withdrawalMix', code: 'decimal' }]);
    expect(message(issues[0].code)).toBe('Enter a non-negative decimal number such as 12.5 (empty means no limit)');
  });

  it('a non-number where a number is expected', () => {
    const w = withdrawal();
    w.dayWithdrawalNum = 'ten';
    w.withdrawalMax = '12abc';
    const issues = validate('WITHDRAWAL_SETTING', w);
    expect(issues).toEqual([
      { path: 'WITHDRAWAL_SETTING.dayWithdrawalNum', code: 'integer' },
      { path: 'WITHDRAWAL_SETTING.withdrawalMax', code: 'decimal' },
    ]);
    expect(message('integer')).toBe('Enter a whole number of 0 or more');
  });

  it('a fraction or float where the server wants a whole number or a string', () => {
    const w = withdrawal();
    w.freeNum = 1.5;
    w.withdrawalMix = 20 as unknown as string;
    const codes = validate('WITHDRAWAL_SETTING', w).map((i) => [i.path, i.code]);
    expect(codes).toEqual([
      ['WITHDRAWAL_SETTING.freeNum', 'integer'],
      ['WITHDRAWAL_SETTING.withdrawalMix', 'string'],
    ]);
  });

  it('a missing required field, and a required value left empty', () => {
    const w = withdrawal();
    delete w.checkPass;
    w.withdrawalMax = '';
    const issues = validate('WITHDRAWAL_SETTING', w);
    expect(issues).toEqual([
      { path: 'WITHDRAWAL_SETTING.withdrawalMax', code: 'required' },
      { path: 'WITHDRAWAL_SETTING.checkPass', code: 'missing' },
    ]);
    expect(message('required')).toBe('Required');
    expect(message('missing')).toBe('This field is missing');
  });

  it('a field the setting does not have', () => {
    const w = withdrawal();
    w.surprise = 1;
    expect(validate('WITHDRAWAL_SETTING', w)).toEqual([{ path: 'WITHDRAWAL_SETTING.surprise', code: 'unknownField' }]);
  });

  it('a minimum above the maximum, compared as decimals', () => {
    const w = withdrawal();
    w.withdrawalMix = '100000.5';
    expect(validate('WITHDRAWAL_SETTING', w)).toEqual([
      { path: 'WITHDRAWAL_SETTING.withdrawalMix', code: 'notAbove', params: { other: 'withdrawalMax' } },
    ]);
    w.withdrawalMix = '99999.99999999999999';
    expect(validate('WITHDRAWAL_SETTING', w)).toEqual([]);
  });

  it('a time of day and a percent out of range', () => {
    const w = withdrawal();
    w.limitTimeEnd = '24:00:00';
    w.ratio = '100.01';
    expect(validate('WITHDRAWAL_SETTING', w)).toEqual([
      { path: 'WITHDRAWAL_SETTING.ratio', code: 'decimalMax', params: { max: '100' } },
      { path: 'WITHDRAWAL_SETTING.limitTimeEnd', code: 'time' },
    ]);
    expect(message('decimalMax', { max: '100' })).toBe('At most 100');
  });

  it('list items: types, duplicates, identity and the one default language', () => {
    const menu = clone(SETTING_DEFAULTS.PC_SIDEBAR_SETTING) as JsonObject[];
    menu[1].sort = 'first';
    menu[2].key = 'home';
    menu[3].key = ' ';
    expect(validate('PC_SIDEBAR_SETTING', menu)).toEqual([
      { path: 'PC_SIDEBAR_SETTING[1].sort', code: 'integer' },
      { path: 'PC_SIDEBAR_SETTING[3].key', code: 'required' },
      { path: 'PC_SIDEBAR_SETTING[2].key', code: 'duplicate', params: { value: 'home' } },
    ]);
    const langs = clone(SETTING_DEFAULTS.t_app_language) as JsonObject[];
    langs[0].default = 'Y';
    expect(validate('t_app_language', langs)).toEqual([
      { path: 't_app_language', code: 'exactlyOne', params: { field: 'default', count: 2 } },
    ]);
  });

  it('every issue code has an English and a Chinese message', () => {
    const codes = [
      'boolean', 'integer', 'integerMax', 'string', 'object', 'list', 'itemObject', 'missing', 'unknownField', 'decimal',
      'decimalMax', 'decimalBelow', 'sumNotAbove', 'time', 'tooLong', 'tooMany', 'required', 'enum', 'notAbove', 'duplicate', 'exactlyOne',
    ];
    for (const c of codes) {
      expect(en).toHaveProperty([`settings.error.${c}`]);
      expect(zh).toHaveProperty([`settings.error.${c}`]);
    }
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  });
});

describe('the diff', () => {
  it('lists exactly the changed paths', () => {
    const before = withdrawal();
    const after = { ...before, withdrawalMix: '25', checkCode: true };
    expect(diff('WITHDRAWAL_SETTING', before, after)).toEqual([
      { path: 'WITHDRAWAL_SETTING.withdrawalMix', kind: 'changed', before: '20', after: '25' },
      { path: 'WITHDRAWAL_SETTING.checkCode', kind: 'changed', before: false, after: true },
    ]);
    expect(diff('WITHDRAWAL_SETTING', before, clone(before))).toEqual([]);
  });

  it('lists a switched-off menu item and a nested list edit by their paths', () => {
    const menu = SETTING_DEFAULTS.BOTTOM_MENU_SETTING as Json[];
    const s = listSchema('BOTTOM_MENU_SETTING');
    const after = setItemOn(menu, 2, false, s);
    expect(isItemOn(after[2], s)).toBe(false);
    expect(diff('BOTTOM_MENU_SETTING', menu, after)).toEqual([
      { path: 'BOTTOM_MENU_SETTING[2].isOpen', kind: 'changed', before: true, after: false },
    ]);
    const tz = SETTING_DEFAULTS.timeZone;
    const tzAfter = setAt(tz, ['list', 3, 'offSetValue'], '-9.50');
    expect(diff('timeZone', tz, tzAfter).map((c) => c.path)).toEqual(['timeZone.list[3].offSetValue']);
  });

  it('reordering a list changes the diff: the moves and the order values', () => {
    const menu = SETTING_DEFAULTS.PC_SIDEBAR_SETTING as JsonObject[];
    const s = listSchema('PC_SIDEBAR_SETTING');
    const moved = moveItem(menu, 1, -1, s) as JsonObject[];
    expect(moved.map((m) => m.key).slice(0, 3)).toEqual(['futures', 'home', 'option']);
    expect(moved.map((m) => m.sort).slice(0, 3)).toEqual([1, 2, 3]);
    const changes = diff('PC_SIDEBAR_SETTING', menu, moved);
    expect(changes).toEqual([
      { path: 'PC_SIDEBAR_SETTING[0]', kind: 'moved', from: 1, to: 0, before: 'futures', after: 'futures' },
      { path: 'PC_SIDEBAR_SETTING[0].sort', kind: 'changed', before: 2, after: 1 },
      { path: 'PC_SIDEBAR_SETTING[1]', kind: 'moved', from: 0, to: 1, before: 'home', after: 'home' },
      { path: 'PC_SIDEBAR_SETTING[1].sort', kind: 'changed', before: 1, after: 2 },
    ]);
    // Moving it back: no change at all.
    expect(diff('PC_SIDEBAR_SETTING', menu, moveItem(moved, 0, 1, s))).toEqual([]);
  });

  it('renumbers the order when it was not increasing, and keeps lists without order fields', () => {
    const s = listSchema('HOME_COIN_SETTING');
    const coins: Json[] = [
      { coin: 'btc', sort: 5, isOpen: true },
      { coin: 'eth', sort: 5, isOpen: true },
      { coin: 'sol', sort: 1, isOpen: true },
    ];
    expect((moveItem(coins, 2, -1, s) as JsonObject[]).map((c) => [c.coin, c.sort])).toEqual([
      ['btc', 1],
      ['sol', 2],
      ['eth', 3],
    ]);
    const channels = SETTING_DEFAULTS.WITHDRAWAL_CHANNEL_SETTING as JsonObject[];
    const cs = listSchema('WITHDRAWAL_CHANNEL_SETTING');
    const swapped = moveItem(channels, 0, 1, cs) as JsonObject[];
    expect(swapped.map((c) => c.rechargeName).slice(0, 2)).toEqual(['USDT-ERC20', 'USDT-TRC20']);
    expect(diff('WITHDRAWAL_CHANNEL_SETTING', channels, swapped).map((c) => [c.path, c.kind])).toEqual([
      ['WITHDRAWAL_CHANNEL_SETTING[0]', 'moved'],
      ['WITHDRAWAL_CHANNEL_SETTING[1]', 'moved'],
    ]);
    expect(moveItem(channels, 0, -1, cs)).toBe(channels);
  });

  it('shows an added item, blank and switched off, then the item removed', () => {
    const langs = SETTING_DEFAULTS.t_app_language as Json[];
    const s = listSchema('t_app_language');
    const added = addItem(langs, s);
    const item = added[added.length - 1] as JsonObject;
    expect(item).toMatchObject({ dictValue: '', status: '1', default: 'N', dictSort: 17 });
    expect(diff('t_app_language', langs, added)).toEqual([{ path: 't_app_language[16]', kind: 'added', after: item }]);
    expect(validate('t_app_language', added).map((i) => i.path)).toEqual([
      't_app_language[16].dictValue',
      't_app_language[16].dictLabel',
    ]);
  });
});

describe('paths', () => {
  it('round-trip, and find the field in a server refusal', () => {
    expect(pathString('K', ['a', 0, 'b'])).toBe('K.a[0].b');
    expect(parsePath('K', 'K.a[0].b')).toEqual(['a', 0, 'b']);
    expect(parsePath('K', 'KX.a')).toBeNull();
    expect(getAt({ a: [{ b: 2 }] }, ['a', 0, 'b'])).toBe(2);
    expect(
      serverIssuePath(
        'WITHDRAWAL_SETTING',
        'Invalid value for setting WITHDRAWAL_SETTING: WITHDRAWAL_SETTING.withdrawalMix must be a non-negative decimal number',
      ),
    ).toBe('WITHDRAWAL_SETTING.withdrawalMix');
    expect(serverIssuePath('PC_SIDEBAR_SETTING', '设置PC_SIDEBAR_SETTING的值无效：PC_SIDEBAR_SETTING[1].sort must be a whole number >= 0')).toBe(
      'PC_SIDEBAR_SETTING[1].sort',
    );
    expect(serverIssuePath('ASSET_COIN', 'A reason is required')).toBeNull();
    // A rule names the other field after the offending one.
    expect(serverIssuePath('VIP_LEVEL_SETTING', 'VIP_LEVEL_SETTING.vip1End must not be above VIP_LEVEL_SETTING.vip10Start')).toBe(
      'VIP_LEVEL_SETTING.vip1End',
    );
    expect(serverIssuePath('HOME_COIN_SETTING', 'HOME_COIN_SETTING[2].coin 必须是已上架的币种')).toBe('HOME_COIN_SETTING[2].coin');
  });
});
