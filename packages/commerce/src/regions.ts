/** A state, province or other first-level subdivision; `code` is the part after the country in ISO 3166-2. */
export interface RegionOption {
  readonly code: string;
  readonly name: string;
}

/** The subdivisions a country's addresses name, and what the address form calls them. */
export interface CountryRegions {
  /** Label of the field: 'State', 'Province', 'Prefecture'… */
  readonly label: string;
  readonly regions: ReadonlyArray<RegionOption>;
}

function list(label: string, pairs: string): CountryRegions {
  const regions = pairs.split('|').map((pair) => {
    const [code, name] = pair.split('=') as [string, string];
    return Object.freeze({ code, name });
  });
  return Object.freeze({ label, regions: Object.freeze(regions) });
}

/** The countries whose addresses need a region, with their lists (in the order addresses show them). */
const REGIONS: Readonly<Record<string, CountryRegions>> = Object.freeze({
  US: list(
    'State',
    'AL=Alabama|AK=Alaska|AS=American Samoa|AZ=Arizona|AR=Arkansas|CA=California|CO=Colorado|CT=Connecticut|DE=Delaware|' +
      'DC=District of Columbia|FL=Florida|GA=Georgia|GU=Guam|HI=Hawaii|ID=Idaho|IL=Illinois|IN=Indiana|IA=Iowa|KS=Kansas|' +
      'KY=Kentucky|LA=Louisiana|ME=Maine|MD=Maryland|MA=Massachusetts|MI=Michigan|MN=Minnesota|MS=Mississippi|MO=Missouri|' +
      'MT=Montana|NE=Nebraska|NV=Nevada|NH=New Hampshire|NJ=New Jersey|NM=New Mexico|NY=New York|NC=North Carolina|' +
      'ND=North Dakota|MP=Northern Mariana Islands|OH=Ohio|OK=Oklahoma|OR=Oregon|PA=Pennsylvania|PR=Puerto Rico|' +
      'RI=Rhode Island|SC=South Carolina|SD=South Dakota|TN=Tennessee|TX=Texas|VI=U.S. Virgin Islands|UT=Utah|VT=Vermont|' +
      'VA=Virginia|WA=Washington|WV=West Virginia|WI=Wisconsin|WY=Wyoming',
  ),
  CA: list(
    'Province',
    'AB=Alberta|BC=British Columbia|MB=Manitoba|NB=New Brunswick|NL=Newfoundland and Labrador|NT=Northwest Territories|' +
      'NS=Nova Scotia|NU=Nunavut|ON=Ontario|PE=Prince Edward Island|QC=Quebec|SK=Saskatchewan|YT=Yukon',
  ),
  AU: list(
    'State / territory',
    'ACT=Australian Capital Territory|NSW=New South Wales|NT=Northern Territory|QLD=Queensland|SA=South Australia|' +
      'TAS=Tasmania|VIC=Victoria|WA=Western Australia',
  ),
  MX: list(
    'State',
    'AGU=Aguascalientes|BCN=Baja California|BCS=Baja California Sur|CAM=Campeche|CHP=Chiapas|CHH=Chihuahua|' +
      'CMX=Ciudad de México|COA=Coahuila|COL=Colima|DUR=Durango|GUA=Guanajuato|GRO=Guerrero|HID=Hidalgo|JAL=Jalisco|' +
      'MEX=Estado de México|MIC=Michoacán|MOR=Morelos|NAY=Nayarit|NLE=Nuevo León|OAX=Oaxaca|PUE=Puebla|QUE=Querétaro|' +
      'ROO=Quintana Roo|SLP=San Luis Potosí|SIN=Sinaloa|SON=Sonora|TAB=Tabasco|TAM=Tamaulipas|TLA=Tlaxcala|VER=Veracruz|' +
      'YUC=Yucatán|ZAC=Zacatecas',
  ),
  BR: list(
    'State',
    'AC=Acre|AL=Alagoas|AP=Amapá|AM=Amazonas|BA=Bahia|CE=Ceará|DF=Distrito Federal|ES=Espírito Santo|GO=Goiás|' +
      'MA=Maranhão|MT=Mato Grosso|MS=Mato Grosso do Sul|MG=Minas Gerais|PA=Pará|PB=Paraíba|PR=Paraná|PE=Pernambuco|' +
      'PI=Piauí|RJ=Rio de Janeiro|RN=Rio Grande do Norte|RS=Rio Grande do Sul|RO=Rondônia|RR=Roraima|SC=Santa Catarina|' +
      'SP=São Paulo|SE=Sergipe|TO=Tocantins',
  ),
  JP: list(
    'Prefecture',
    '01=Hokkaido|02=Aomori|03=Iwate|04=Miyagi|05=Akita|06=Yamagata|07=Fukushima|08=Ibaraki|09=Tochigi|10=Gunma|' +
      '11=Saitama|12=Chiba|13=Tokyo|14=Kanagawa|15=Niigata|16=Toyama|17=Ishikawa|18=Fukui|19=Yamanashi|20=Nagano|' +
      '21=Gifu|22=Shizuoka|23=Aichi|24=Mie|25=Shiga|26=Kyoto|27=Osaka|28=Hyogo|29=Nara|30=Wakayama|31=Tottori|' +
      '32=Shimane|33=Okayama|34=Hiroshima|35=Yamaguchi|36=Tokushima|37=Kagawa|38=Ehime|39=Kochi|40=Fukuoka|41=Saga|' +
      '42=Nagasaki|43=Kumamoto|44=Oita|45=Miyazaki|46=Kagoshima|47=Okinawa',
  ),
});

/** The region list of `country` (ISO 3166-1 alpha-2), or null when its addresses name none. */
export function countryRegions(country: string): CountryRegions | null {
  return Object.hasOwn(REGIONS, country) ? REGIONS[country]! : null;
}

/** True when `region` is one of `country`'s regions; any region passes for a country without a list. */
export function isRegionOf(country: string, region: string): boolean {
  const known = countryRegions(country);
  return !known || known.regions.some((r) => r.code === region);
}
