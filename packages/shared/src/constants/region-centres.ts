// Where a store's map pin starts when no map key is configured (issue 10): the seat of each
// province-level division, by its GB/T 2260 code. The region package ships no coordinates, so a
// district's own centre is not known here; the shopper adjusts the pin's fields from this start.
// [latitude, longitude], WGS-84, to about a kilometre.
export const PROVINCE_SEATS: Readonly<Record<number, readonly [number, number]>> = {
  110000: [39.9042, 116.4074], // Beijing
  120000: [39.0842, 117.2009], // Tianjin
  130000: [38.0428, 114.5149], // Shijiazhuang
  140000: [37.8706, 112.5489], // Taiyuan
  150000: [40.8426, 111.7492], // Hohhot
  210000: [41.8057, 123.4315], // Shenyang
  220000: [43.8171, 125.3235], // Changchun
  230000: [45.8038, 126.535], // Harbin
  310000: [31.2304, 121.4737], // Shanghai
  320000: [32.0603, 118.7969], // Nanjing
  330000: [30.2741, 120.1551], // Hangzhou
  340000: [31.8206, 117.2272], // Hefei
  350000: [26.0745, 119.2965], // Fuzhou
  360000: [28.682, 115.8579], // Nanchang
  370000: [36.6512, 117.1201], // Jinan
  410000: [34.7466, 113.6254], // Zhengzhou
  420000: [30.5928, 114.3055], // Wuhan
  430000: [28.2282, 112.9388], // Changsha
  440000: [23.1291, 113.2644], // Guangzhou
  450000: [22.817, 108.3665], // Nanning
  460000: [20.044, 110.1999], // Haikou
  500000: [29.563, 106.5516], // Chongqing
  510000: [30.5728, 104.0668], // Chengdu
  520000: [26.647, 106.6302], // Guiyang
  530000: [25.0389, 102.7183], // Kunming
  540000: [29.65, 91.1], // Lhasa
  610000: [34.3416, 108.9398], // Xi'an
  620000: [36.0611, 103.8343], // Lanzhou
  630000: [36.6171, 101.7782], // Xining
  640000: [38.4872, 106.2309], // Yinchuan
  650000: [43.8256, 87.6168], // Urumqi
  710000: [25.033, 121.5654], // Taipei
  810000: [22.3193, 114.1694], // Hong Kong
  820000: [22.1987, 113.5439], // Macao
};

/** The starting pin for an area id of any level (its province's seat); null for an unknown code. */
export function defaultPinFor(areaId: number): { lat: number; lng: number } | null {
  const province = Math.floor(areaId / 10_000) * 10_000;
  const seat = PROVINCE_SEATS[province];
  return seat ? { lat: seat[0], lng: seat[1] } : null;
}
