/** Unit categories the `unit` formatter converts within. */
export type UnitCategory =
  | 'acceleration'
  | 'angle'
  | 'area'
  | 'consumption'
  | 'digital'
  | 'duration'
  | 'electric'
  | 'energy'
  | 'frequency'
  | 'length'
  | 'mass'
  | 'power'
  | 'pressure'
  | 'speed'
  | 'temperature'
  | 'volume';

/** π as a double, the precision the parsec and radian factors are defined with. */
export const PI = '3.141592653589793';

/**
 * Size of each unit in its category's base unit, as `numerator` or `numerator/denominator`
 * (exact international definitions; `pi` stands for {@link PI}). Temperature and fuel
 * consumption are not proportional: their conversions are computed, not scaled.
 */
const FACTORS: Readonly<Record<UnitCategory, Readonly<Record<string, string>>>> = {
  acceleration: { 'meter-per-square-second': '1', 'g-force': '9.80665' },
  angle: { revolution: '360', degree: '1', 'arc-minute': '1/60', 'arc-second': '1/3600', radian: '180/pi' },
  area: {
    'square-kilometer': '1000000',
    hectare: '10000',
    'square-meter': '1',
    'square-centimeter': '1/10000',
    'square-mile': '2589988.110336',
    acre: '4046.8564224',
    'square-yard': '0.83612736',
    'square-foot': '0.09290304',
    'square-inch': '0.00064516',
  },
  consumption: {
    'liter-per-kilometer': '1',
    'liter-per-100-kilometer': '1',
    'mile-per-gallon': '1',
    'mile-per-gallon-imperial': '1',
  },
  digital: {
    terabit: '1000000000000',
    gigabit: '1000000000',
    megabit: '1000000',
    kilobit: '1000',
    bit: '1',
    terabyte: '8796093022208',
    gigabyte: '8589934592',
    megabyte: '8388608',
    kilobyte: '8192',
    byte: '8',
  },
  duration: {
    century: '3155695200',
    year: '31556952',
    month: '2629746',
    week: '604800',
    day: '86400',
    hour: '3600',
    minute: '60',
    second: '1',
    millisecond: '1/1000',
    microsecond: '1/1000000',
    nanosecond: '1/1000000000',
  },
  electric: { ampere: '1', milliampere: '1/1000' },
  energy: {
    kilojoule: '1000',
    joule: '1',
    'kilowatt-hour': '3600000',
    calorie: '4.1868',
    kilocalorie: '4186.8',
    foodcalorie: '4184',
  },
  frequency: { gigahertz: '1000000000', megahertz: '1000000', kilohertz: '1000', hertz: '1' },
  length: {
    kilometer: '1000',
    meter: '1',
    decimeter: '1/10',
    centimeter: '1/100',
    millimeter: '1/1000',
    micrometer: '1/1000000',
    nanometer: '1/1000000000',
    picometer: '1/1000000000000',
    mile: '1609.344',
    yard: '0.9144',
    foot: '0.3048',
    inch: '0.0254',
    point: '0.0254/72',
    'light-year': '9460730472580800',
    'astronomical-unit': '149597870700',
    parsec: '96939420213600000/pi',
    furlong: '201.168',
    fathom: '1.8288',
    'nautical-mile': '1852',
    'mile-scandinavian': '10000',
  },
  mass: {
    tonne: '1000',
    kilogram: '1',
    gram: '1/1000',
    milligram: '1/1000000',
    microgram: '1/1000000000',
    carat: '1/5000',
    ton: '907.18474',
    pound: '0.45359237',
    stone: '6.35029318',
    ounce: '0.45359237/16',
    'ounce-troy': '0.0311034768',
  },
  power: { gigawatt: '1000000000', megawatt: '1000000', kilowatt: '1000', watt: '1', milliwatt: '1/1000', horsepower: '745.69987158227' },
  pressure: {
    hectopascal: '1',
    millibar: '1',
    'pound-force-per-square-inch': '8896443230521/129032000000',
    'inch-ofhg': '33.86389',
    'millimeter-ofhg': '1013.25/760',
  },
  speed: { 'meter-per-second': '1', 'kilometer-per-hour': '1/3.6', 'mile-per-hour': '0.44704', knot: '463/900' },
  temperature: { celsius: '1', fahrenheit: '1', kelvin: '1' },
  volume: {
    'cubic-kilometer': '1000000000000',
    'cubic-meter': '1000',
    'cubic-centimeter': '1/1000',
    liter: '1',
    megaliter: '1000000',
    hectoliter: '100',
    deciliter: '1/10',
    centiliter: '1/100',
    milliliter: '1/1000',
    'cup-metric': '1/4',
    'pint-metric': '1/2',
    'cubic-mile': '4168181825440.579584',
    'cubic-yard': '764.554857984',
    'cubic-foot': '28.316846592',
    'cubic-inch': '0.016387064',
    'acre-foot': '1233481.83754752',
    'gallon-imperial': '4.54609',
    gallon: '3.785411784',
    quart: '3.785411784/4',
    pint: '3.785411784/8',
    cup: '3.785411784/16',
    'fluid-ounce': '3.785411784/128',
    tablespoon: '3.785411784/256',
    teaspoon: '3.785411784/768',
    bushel: '35.23907016688',
  },
};

const CATEGORY_OF = new Map<string, UnitCategory>();
for (const [category, units] of Object.entries(FACTORS)) {
  for (const unit of Object.keys(units)) CATEGORY_OF.set(unit, category as UnitCategory);
}

const ALIASES: Readonly<Record<string, string>> = {
  'meter-per-second-squared': 'meter-per-square-second',
  'liter-per-100kilometers': 'liter-per-100-kilometer',
  'liters-per-100kilometers': 'liter-per-100-kilometer',
  'liters-per-kilometer': 'liter-per-kilometer',
  feet: 'foot',
  inches: 'inch',
  centuries: 'century',
  'metric-ton': 'tonne',
  amp: 'ampere',
  amps: 'ampere',
  milliamp: 'milliampere',
};

/** Resolves a unit identifier (`foot`, `feet`, `radians`); undefined when unknown. */
export function unitId(name: string): string | undefined {
  const alias = ALIASES[name];
  if (alias) return alias;
  if (CATEGORY_OF.has(name)) return name;
  if (name.endsWith('s') && CATEGORY_OF.has(name.slice(0, -1))) return name.slice(0, -1);
  return undefined;
}

/** The category of a known unit. */
export const categoryOf = (unit: string): UnitCategory | undefined => CATEGORY_OF.get(unit);

/** The size of a unit in its category's base unit, as a rational expression. */
export const factorOf = (unit: string): string | undefined => {
  const category = CATEGORY_OF.get(unit);
  return category ? FACTORS[category][unit] : undefined;
};

/** Named unit sets for compact forms and default conversions, largest unit first. */
export const UNIT_SETS: Readonly<Record<string, readonly string[]>> = {
  angle: ['degree', 'arc-minute', 'arc-second'],
  area: ['square-kilometer', 'square-meter', 'square-centimeter'],
  'area-english': ['square-mile', 'square-foot', 'square-inch'],
  bits: ['terabit', 'gigabit', 'megabit', 'kilobit', 'bit'],
  bytes: ['terabyte', 'gigabyte', 'megabyte', 'kilobyte', 'byte'],
  duration: ['century', 'year', 'month', 'day', 'hour', 'minute', 'second'],
  'duration-large': ['century', 'year', 'month', 'day'],
  'duration-small': ['day', 'hour', 'minute', 'second'],
  electric: ['ampere', 'milliampere'],
  energy: ['kilojoule', 'joule'],
  frequency: ['gigahertz', 'megahertz', 'kilohertz', 'hertz'],
  length: ['kilometer', 'meter', 'centimeter'],
  'length-english': ['mile', 'yard', 'foot', 'inch'],
  mass: ['tonne', 'kilogram', 'gram', 'milligram'],
  'mass-english': ['ton', 'pound', 'ounce'],
  power: ['gigawatt', 'megawatt', 'kilowatt', 'watt', 'milliwatt'],
  volume: ['cubic-kilometer', 'cubic-meter', 'cubic-centimeter'],
  'volume-english': ['cubic-mile', 'cubic-yard', 'cubic-foot', 'cubic-inch'],
  liquid: ['megaliter', 'hectoliter', 'liter', 'deciliter', 'centiliter', 'milliliter'],
  'liquid-english': ['gallon', 'quart', 'pint', 'cup', 'fluid-ounce'],
};
