// The demo catalogue: a 3-level platform category tree, and per leaf the brands, product
// stems, specifications and price range the generator combines into products.
export interface Bi {
  zh: string;
  en: string;
}
export interface SpecDim {
  name: Bi;
  values: Bi[];
  /** Fen added per value index (bigger storage costs more). */
  step?: number;
}
export interface LeafDef {
  name: Bi;
  brands: Bi[];
  items: Bi[];
  specs: SpecDim[];
  /** Base price range in yuan. */
  price: [number, number];
  mold?: 0 | 1;
}
export interface MidDef {
  name: Bi;
  children: LeafDef[];
}
export interface TopDef {
  name: Bi;
  /** Selling points for briefs and descriptions. */
  pitch: Bi[];
  children: MidDef[];
}

/** 'zh|en' -> Bi */
export function bi(text: string): Bi {
  const [zh = '', en = zh] = text.split('|');
  return { zh: zh.trim(), en: en.trim() };
}
/** 'zh|en;zh|en' -> Bi[] */
const bis = (text: string): Bi[] => text.split(';').map(bi);
const dim = (name: string, values: string, step = 0): SpecDim => ({ name: bi(name), values: bis(values), step });

const COLOR = dim('颜色|Color', '曜石黑|Obsidian Black;云母白|Mica White;远峰蓝|Sierra Blue;樱花粉|Sakura Pink;松柏绿|Pine Green');
const STORAGE = dim('存储容量|Storage', '8GB+128GB|8GB+128GB;12GB+256GB|12GB+256GB;16GB+512GB|16GB+512GB', 50000);
const CLOTH_SIZE = dim('尺码|Size', 'S|S;M|M;L|L;XL|XL;XXL|XXL');
const SHOE_SIZE = dim('鞋码|Shoe size', '38|38;39|39;40|40;41|41;42|42;43|43;44|44');
const FOOD_PACK = dim('规格|Pack', '250g|250 g;500g|500 g;1kg|1 kg', 2000);
const VOLUME = dim('容量|Volume', '30ml|30 ml;50ml|50 ml;100ml|100 ml', 8000);
const EDITION = dim('版本|Edition', '平装|Paperback;精装|Hardcover;典藏版|Collector’s Edition', 2000);
const SET = dim('套装|Set', '单只装|Single;两只装|Pair;四只装|Set of four', 3000);
const CUP_COLOR = dim('花色|Pattern', '青花|Blue-and-white;粉彩|Famille Rose;天青|Celadon;霁红|Ruby Red');
const BED_SIZE = dim('尺寸|Size', '1.5m床|1.5 m bed;1.8m床|1.8 m bed;2.0m床|2.0 m bed', 5000);
const POWER = dim('功率|Power', '标准版|Standard;升级版|Upgraded;旗舰版|Flagship', 10000);
const LUGGAGE_SIZE = dim('尺寸|Size', '20英寸|20 inch;24英寸|24 inch;28英寸|28 inch', 10000);
const SCREEN = dim('配置|Configuration', 'i5/16G/512G|i5/16GB/512GB;i7/16G/1T|i7/16GB/1TB;i7/32G/1T|i7/32GB/1TB', 100000);
const WEIGHT_KG = dim('重量|Weight', '5kg|5 kg;10kg|10 kg;20kg|20 kg', 5000);
const TERM = dim('时长|Term', '月卡|1 month;季卡|3 months;年卡|12 months', 3000);

export const CATEGORY_TREE: TopDef[] = [
  {
    name: bi('手机数码|Phones & Digital'),
    pitch: bis('官方正品，全国联保|Genuine product with nationwide warranty;顺丰包邮，次日达|Free next-day delivery;7天无理由退货|7-day no-reason returns;以旧换新，至高补贴|Trade-in subsidies available'),
    children: [
      {
        name: bi('手机通讯|Mobile Phones'),
        children: [
          { name: bi('手机|Smartphones'), brands: bis('华为|HUAWEI;小米|Xiaomi;荣耀|HONOR;OPPO|OPPO;vivo|vivo'), items: bis('Mate 旗舰手机|Mate Flagship Phone;Pura 影像手机|Pura Camera Phone;数字系列 5G 手机|Number Series 5G Phone;轻薄折叠屏手机|Slim Foldable Phone;长续航游戏手机|Long-battery Gaming Phone'), specs: [COLOR, STORAGE], price: [1299, 6999] },
          { name: bi('手机壳|Phone Cases'), brands: bis('倍思|Baseus;绿联|UGREEN;品胜|PISEN'), items: bis('磁吸透明手机壳|MagSafe Clear Case;液态硅胶手机壳|Liquid Silicone Case;全包防摔手机壳|Full-cover Shockproof Case;素皮商务手机壳|Vegan Leather Business Case'), specs: [COLOR], price: [29, 129] },
          { name: bi('充电器|Chargers'), brands: bis('安克|Anker;绿联|UGREEN;倍思|Baseus'), items: bis('65W 氮化镓快充头|65W GaN Fast Charger;20000mAh 移动电源|20000mAh Power Bank;三合一无线充电座|3-in-1 Wireless Charging Stand;双口 PD 快充套装|Dual-port PD Charging Kit'), specs: [COLOR], price: [59, 299] },
        ],
      },
      {
        name: bi('电脑办公|Computers & Office'),
        children: [
          { name: bi('笔记本电脑|Laptops'), brands: bis('联想|Lenovo;华为|HUAWEI;戴尔|Dell;华硕|ASUS'), items: bis('14英寸轻薄笔记本|14-inch Ultrabook;16英寸高性能游戏本|16-inch Gaming Laptop;二合一触控笔记本|2-in-1 Touch Laptop;商务办公笔记本|Business Laptop'), specs: [SCREEN], price: [3999, 12999] },
          { name: bi('键盘鼠标|Keyboards & Mice'), brands: bis('罗技|Logitech;雷蛇|Razer;达尔优|Dareu'), items: bis('无线静音鼠标|Silent Wireless Mouse;机械键盘 87 键|87-key Mechanical Keyboard;人体工学垂直鼠标|Ergonomic Vertical Mouse;键鼠套装|Keyboard and Mouse Combo'), specs: [COLOR], price: [69, 899] },
          { name: bi('显示器|Monitors'), brands: bis('戴尔|Dell;明基|BenQ;飞利浦|Philips'), items: bis('27英寸 4K 显示器|27-inch 4K Monitor;24英寸护眼显示器|24-inch Eye-care Monitor;34英寸带鱼屏|34-inch Ultrawide Monitor;165Hz 电竞显示器|165Hz Gaming Monitor'), specs: [POWER], price: [899, 4599] },
        ],
      },
      {
        name: bi('影音娱乐|Audio & Wearables'),
        children: [
          { name: bi('耳机|Headphones'), brands: bis('索尼|Sony;漫步者|EDIFIER;华为|HUAWEI'), items: bis('主动降噪蓝牙耳机|ANC Bluetooth Earbuds;头戴式降噪耳机|Over-ear ANC Headphones;运动挂耳耳机|Sport Ear-hook Earphones;开放式骨传导耳机|Open-ear Bone Conduction Headphones'), specs: [COLOR], price: [199, 2499] },
          { name: bi('音箱|Speakers'), brands: bis('小米|Xiaomi;JBL|JBL;漫步者|EDIFIER'), items: bis('智能音箱|Smart Speaker;便携蓝牙音箱|Portable Bluetooth Speaker;桌面书架音箱|Bookshelf Speakers;回音壁家庭影院|Soundbar Home Theater'), specs: [COLOR], price: [149, 2999] },
          { name: bi('智能手表|Smartwatches'), brands: bis('华为|HUAWEI;小米|Xiaomi;佳明|Garmin'), items: bis('GT 智能运动手表|GT Smart Sports Watch;血氧心率手环|SpO2 Heart-rate Band;儿童电话手表|Kids Phone Watch;户外 GPS 手表|Outdoor GPS Watch'), specs: [COLOR], price: [199, 3299] },
        ],
      },
    ],
  },
  {
    name: bi('家用电器|Home Appliances'),
    pitch: bis('一级能效，省电静音|Grade-1 energy efficiency, quiet and economical;整机三年质保|3-year warranty;送货上门，免费安装|Home delivery with free installation;智能互联，手机远程控制|Smart app control'),
    children: [
      {
        name: bi('厨房电器|Kitchen Appliances'),
        children: [
          { name: bi('电饭煲|Rice Cookers'), brands: bis('美的|Midea;苏泊尔|SUPOR;九阳|Joyoung'), items: bis('IH 电磁加热电饭煲|IH Induction Rice Cooker;低糖电饭煲|Low-sugar Rice Cooker;迷你电饭煲 2L|Mini Rice Cooker 2L;球釜电饭煲|Spherical-pot Rice Cooker'), specs: [POWER], price: [199, 1299] },
          { name: bi('空气炸锅|Air Fryers'), brands: bis('美的|Midea;小熊|Bear;九阳|Joyoung'), items: bis('可视空气炸锅 6L|Visible Air Fryer 6L;双篮空气炸锅|Dual-basket Air Fryer;蒸烤一体空气炸锅|Steam-and-air Fryer;无油健康空气炸锅|Oil-free Air Fryer'), specs: [COLOR], price: [229, 899] },
          { name: bi('破壁机|Blenders'), brands: bis('九阳|Joyoung;美的|Midea;苏泊尔|SUPOR'), items: bis('静音破壁料理机|Quiet High-speed Blender;免手洗豆浆机|Self-cleaning Soy Milk Maker;便携榨汁杯|Portable Juicer Cup;多功能料理机|Multi-function Food Processor'), specs: [POWER], price: [99, 1599] },
        ],
      },
      {
        name: bi('生活电器|Household Appliances'),
        children: [
          { name: bi('吸尘器|Vacuum Cleaners'), brands: bis('戴森|Dyson;追觅|Dreame;石头|Roborock'), items: bis('无线手持吸尘器|Cordless Stick Vacuum;扫拖一体机器人|Robot Vacuum and Mop;洗地机|Wet-dry Floor Washer;除螨仪|Mite Remover'), specs: [POWER], price: [599, 4999] },
          { name: bi('电风扇|Fans'), brands: bis('美的|Midea;艾美特|Airmate;格力|GREE'), items: bis('直流变频落地扇|DC Inverter Pedestal Fan;空气循环扇|Air Circulator Fan;无叶风扇|Bladeless Fan;桌面小风扇|Desk Fan'), specs: [COLOR], price: [79, 1299] },
          { name: bi('加湿器|Humidifiers'), brands: bis('小米|Xiaomi;美的|Midea;亚都|YADU'), items: bis('无雾加湿器|Mist-free Humidifier;香薰加湿器|Aroma Humidifier;大容量上加水加湿器|Top-fill Large Humidifier;桌面迷你加湿器|Mini Desk Humidifier'), specs: [COLOR], price: [69, 799] },
        ],
      },
    ],
  },
  {
    name: bi('家居生活|Home & Living'),
    pitch: bis('匠心工艺，经久耐用|Crafted to last;环保材质，安心使用|Eco-friendly, safe materials;简约设计，百搭家居|Minimal design for any home;精美礼盒，送礼佳选|Gift box included, a thoughtful present'),
    children: [
      {
        name: bi('茶具|Tea Ware'),
        children: [
          { name: bi('茶杯|Teacups'), brands: bis('景德镇|Jingdezhen;故宫文创|Palace Museum;德化白瓷|Dehua Porcelain'), items: bis('青花瓷茶杯|Blue-and-white Porcelain Teacup;手绘主人杯|Hand-painted Master Cup;汝窑开片品茗杯|Ru Kiln Crackle Tasting Cup;建盏天目杯|Jian Tenmoku Tea Bowl;羊脂玉白瓷杯|Blanc de Chine Cup'), specs: [CUP_COLOR, SET], price: [39, 399] },
          { name: bi('茶壶|Teapots'), brands: bis('宜兴紫砂|Yixing Zisha;景德镇|Jingdezhen;龙泉青瓷|Longquan Celadon'), items: bis('紫砂西施壶|Yixing Xishi Teapot;青瓷侧把壶|Celadon Side-handle Teapot;玻璃飘逸杯|Glass Tea Infuser;盖碗三才碗|Gaiwan Tea Bowl Set'), specs: [CUP_COLOR], price: [89, 1280] },
          { name: bi('茶盘|Tea Trays'), brands: bis('竹语|Bamboo Whisper;乌金石|Black Gold Stone;木艺坊|Woodcraft'), items: bis('实木储水茶盘|Solid Wood Tea Tray;乌金石茶盘|Black Stone Tea Tray;竹制干泡台|Bamboo Dry-brew Tray;陶瓷壶承|Ceramic Pot Stand'), specs: [SET], price: [69, 899] },
        ],
      },
      {
        name: bi('家纺|Bedding & Bath'),
        children: [
          { name: bi('四件套|Bedding Sets'), brands: bis('罗莱|Luolai;富安娜|Fuanna;水星家纺|Mercury'), items: bis('长绒棉四件套|Long-staple Cotton Bedding Set;真丝四件套|Mulberry Silk Bedding Set;水洗棉四件套|Washed Cotton Bedding Set;天丝四件套|Tencel Bedding Set'), specs: [BED_SIZE, COLOR], price: [199, 1999] },
          { name: bi('枕头|Pillows'), brands: bis('罗莱|Luolai;泰国乳胶|Thai Latex;慕思|DeRUCCI'), items: bis('天然乳胶枕|Natural Latex Pillow;记忆棉护颈枕|Memory Foam Neck Pillow;羽绒枕|Down Pillow;荞麦枕|Buckwheat Pillow'), specs: [SET], price: [59, 699] },
          { name: bi('毛巾|Towels'), brands: bis('洁丽雅|Grace;三利|Sanli;孚日|Sunvim'), items: bis('纯棉毛巾|Pure Cotton Towel;加厚浴巾|Thick Bath Towel;速干运动毛巾|Quick-dry Sports Towel;儿童纱布巾|Kids Gauze Towel'), specs: [COLOR, SET], price: [19, 199] },
        ],
      },
      {
        name: bi('收纳|Storage'),
        children: [
          { name: bi('收纳盒|Storage Boxes'), brands: bis('天马|Tenma;禧天龙|Citylong;无印风|Muji-style'), items: bis('透明抽屉收纳箱|Clear Drawer Storage Box;桌面化妆品收纳盒|Desktop Cosmetic Organizer;可折叠衣物收纳箱|Foldable Clothes Storage Box;冰箱保鲜收纳盒|Fridge Storage Container'), specs: [SET], price: [19, 259] },
          { name: bi('衣架|Hangers'), brands: bis('家の物语|Home Story;禧天龙|Citylong;宜家风|Nordic Style'), items: bis('防滑植绒衣架|Non-slip Velvet Hangers;实木衣架|Solid Wood Hangers;多功能裤架|Multi-tier Trouser Hanger;落地衣帽架|Standing Coat Rack'), specs: [SET], price: [19, 399] },
        ],
      },
    ],
  },
  {
    name: bi('服饰鞋包|Clothing, Shoes & Bags'),
    pitch: bis('当季新款，时尚百搭|New season styles that go with everything;精选面料，亲肤透气|Soft, breathable fabrics;支持试穿，不合适包退|Try it on, free returns if it doesn’t fit;明星同款|As worn by celebrities'),
    children: [
      {
        name: bi('女装|Women’s Clothing'),
        children: [
          { name: bi('连衣裙|Dresses'), brands: bis('太平鸟|PEACEBIRD;ONLY|ONLY;欧时力|Ochirly'), items: bis('法式碎花连衣裙|French Floral Dress;针织修身连衣裙|Fitted Knit Dress;新中式盘扣连衣裙|Modern Qipao-style Dress;真丝吊带裙|Silk Slip Dress'), specs: [CLOTH_SIZE, COLOR], price: [199, 1299] },
          { name: bi('针织衫|Knitwear'), brands: bis('鄂尔多斯|ERDOS;优衣库|UNIQLO;恒源祥|Hengyuanxiang'), items: bis('羊绒针织开衫|Cashmere Cardigan;圆领羊毛衫|Crew-neck Wool Sweater;慵懒风毛衣|Oversized Cozy Sweater;高领打底衫|Turtleneck Base Layer'), specs: [CLOTH_SIZE, COLOR], price: [99, 1599] },
        ],
      },
      {
        name: bi('男装|Men’s Clothing'),
        children: [
          { name: bi('衬衫|Shirts'), brands: bis('雅戈尔|Youngor;海澜之家|HLA;利郎|Lilanz'), items: bis('免烫商务衬衫|Non-iron Business Shirt;纯棉牛津纺衬衫|Cotton Oxford Shirt;亚麻休闲衬衫|Linen Casual Shirt;条纹长袖衬衫|Striped Long-sleeve Shirt'), specs: [CLOTH_SIZE, COLOR], price: [129, 699] },
          { name: bi('T恤|T-shirts'), brands: bis('李宁|Li-Ning;安踏|ANTA;优衣库|UNIQLO'), items: bis('纯棉圆领T恤|Cotton Crew-neck Tee;速干运动T恤|Quick-dry Sports Tee;国潮印花T恤|Guochao Print Tee;重磅宽松T恤|Heavyweight Oversized Tee'), specs: [CLOTH_SIZE, COLOR], price: [49, 299] },
          { name: bi('夹克|Jackets'), brands: bis('波司登|Bosideng;骆驼|CAMEL;探路者|Toread'), items: bis('轻薄羽绒服|Light Down Jacket;三合一冲锋衣|3-in-1 Hardshell Jacket;工装夹克|Utility Jacket;防风棒球服|Windproof Bomber Jacket'), specs: [CLOTH_SIZE, COLOR], price: [199, 1999] },
        ],
      },
      {
        name: bi('鞋靴|Shoes'),
        children: [
          { name: bi('运动鞋|Sneakers'), brands: bis('李宁|Li-Ning;安踏|ANTA;特步|XTEP;回力|Warrior'), items: bis('轻量缓震跑步鞋|Lightweight Cushioned Running Shoes;复古板鞋|Retro Skate Shoes;篮球实战鞋|Performance Basketball Shoes;透气健步鞋|Breathable Walking Shoes'), specs: [SHOE_SIZE, COLOR], price: [169, 999] },
          { name: bi('皮鞋|Leather Shoes'), brands: bis('红蜻蜓|Red Dragonfly;奥康|Aokang;森达|Senda'), items: bis('头层牛皮商务皮鞋|Full-grain Leather Oxford;软底乐福鞋|Soft-sole Loafers;切尔西靴|Chelsea Boots;英伦德比鞋|British Derby Shoes'), specs: [SHOE_SIZE], price: [299, 1299] },
        ],
      },
      {
        name: bi('箱包|Bags & Luggage'),
        children: [
          { name: bi('双肩包|Backpacks'), brands: bis('新秀丽|Samsonite;小米|Xiaomi;迪卡侬|Decathlon'), items: bis('商务电脑双肩包|Business Laptop Backpack;轻便旅行背包|Lightweight Travel Backpack;防泼水通勤包|Water-resistant Commuter Bag;学生书包|Student Backpack'), specs: [COLOR], price: [99, 899] },
          { name: bi('行李箱|Suitcases'), brands: bis('新秀丽|Samsonite;地平线8号|LEVEL8;爱华仕|OIWAS'), items: bis('铝框拉杆箱|Aluminium-frame Suitcase;PC 万向轮行李箱|PC Spinner Suitcase;前开口登机箱|Front-opening Carry-on;大容量托运箱|Large Check-in Suitcase'), specs: [LUGGAGE_SIZE, COLOR], price: [299, 2599] },
        ],
      },
    ],
  },
  {
    name: bi('美妆个护|Beauty & Personal Care'),
    pitch: bis('品牌授权，正品保障|Authorised stockist, genuine guaranteed;敏感肌可用|Suitable for sensitive skin;买即赠旅行装小样|Free travel-size samples;专柜同款|Same as department-store counters'),
    children: [
      {
        name: bi('护肤|Skincare'),
        children: [
          { name: bi('面霜|Face Creams'), brands: bis('百雀羚|Pechoin;珀莱雅|PROYA;薇诺娜|Winona'), items: bis('保湿修护面霜|Hydrating Repair Cream;抗皱紧致面霜|Anti-wrinkle Firming Cream;舒敏保湿霜|Soothing Moisturiser;美白淡斑面霜|Brightening Cream'), specs: [VOLUME], price: [89, 899] },
          { name: bi('精华|Serums'), brands: bis('珀莱雅|PROYA;自然堂|CHANDO;华熙生物|Bloomage'), items: bis('双抗精华液|Dual-action Antioxidant Serum;玻尿酸原液|Hyaluronic Acid Serum;烟酰胺精华|Niacinamide Serum;修护安瓶|Repair Ampoule'), specs: [VOLUME], price: [99, 1099] },
          { name: bi('面膜|Face Masks'), brands: bis('一叶子|One Leaf;百雀羚|Pechoin;敷尔佳|Voolga'), items: bis('补水保湿面膜|Hydrating Sheet Mask;清洁泥膜|Clay Cleansing Mask;睡眠面膜|Overnight Sleeping Mask;医用修复敷料|Medical Repair Dressing'), specs: [SET], price: [39, 299] },
        ],
      },
      {
        name: bi('彩妆|Makeup'),
        children: [
          { name: bi('口红|Lipsticks'), brands: bis('花西子|Florasis;完美日记|Perfect Diary;毛戈平|MAOGEPING'), items: bis('雕花口红|Carved Lipstick;丝绒哑光唇釉|Velvet Matte Lip Glaze;水光唇蜜|Glossy Lip Gloss;滋润润唇膏|Nourishing Lip Balm'), specs: [dim('色号|Shade', '#01 正红|#01 True Red;#02 豆沙|#02 Rose Nude;#03 枫叶|#03 Maple;#04 珊瑚|#04 Coral')], price: [69, 399] },
          { name: bi('粉底|Foundations'), brands: bis('花西子|Florasis;毛戈平|MAOGEPING;彩棠|TIMAGE'), items: bis('持妆粉底液|Long-wear Liquid Foundation;气垫 BB 霜|Cushion BB Cream;控油散粉|Oil-control Setting Powder;遮瑕膏|Concealer'), specs: [dim('色号|Shade', '象牙白|Ivory;自然色|Natural;小麦色|Wheat')], price: [89, 499] },
        ],
      },
      {
        name: bi('个人护理|Personal Care'),
        children: [
          { name: bi('洗发水|Shampoo'), brands: bis('阿道夫|ADOLPH;滋源|Seeyoung;蜂花|Bee & Flower'), items: bis('控油蓬松洗发水|Oil-control Volumising Shampoo;氨基酸洗发水|Amino-acid Shampoo;防脱育发洗发水|Anti-hair-loss Shampoo;护发素|Conditioner'), specs: [dim('规格|Size', '400ml|400 ml;750ml|750 ml;1L|1 L', 3000)], price: [29, 199] },
          { name: bi('牙膏|Toothpaste'), brands: bis('云南白药|Yunnan Baiyao;舒客|Saky;冷酸灵|Lengsuanling'), items: bis('美白牙膏|Whitening Toothpaste;抗敏感牙膏|Sensitivity Toothpaste;儿童牙膏|Kids Toothpaste;电动牙刷|Electric Toothbrush'), specs: [SET], price: [15, 299] },
        ],
      },
    ],
  },
  {
    name: bi('食品生鲜|Food & Groceries'),
    pitch: bis('产地直发，新鲜到家|Shipped fresh from the source;无添加，健康放心|No additives;冷链配送|Cold-chain delivery;满99元包邮|Free shipping over ¥99'),
    children: [
      {
        name: bi('休闲零食|Snacks'),
        children: [
          { name: bi('坚果|Nuts'), brands: bis('三只松鼠|Three Squirrels;良品铺子|BESTORE;百草味|Be & Cheery'), items: bis('每日坚果|Daily Mixed Nuts;碧根果|Pecans;夏威夷果|Macadamia Nuts;原味腰果|Plain Cashews'), specs: [FOOD_PACK], price: [29, 199] },
          { name: bi('饼干糕点|Biscuits & Pastries'), brands: bis('稻香村|Daoxiangcun;好利来|Holiland;嘉华|Jiahua'), items: bis('京式糕点礼盒|Beijing Pastry Gift Box;鲜花饼|Yunnan Flower Cakes;蛋黄酥|Salted Egg-yolk Pastries;半熟芝士|Half-baked Cheesecake'), specs: [SET], price: [29, 268] },
        ],
      },
      {
        name: bi('茶叶冲饮|Tea & Drinks'),
        children: [
          { name: bi('绿茶|Green Tea'), brands: bis('西湖|West Lake;黄山|Huangshan;信阳|Xinyang'), items: bis('明前龙井|Pre-Qingming Longjing;黄山毛峰|Huangshan Maofeng;信阳毛尖|Xinyang Maojian;碧螺春|Biluochun'), specs: [FOOD_PACK], price: [88, 1288] },
          { name: bi('乌龙茶|Oolong Tea'), brands: bis('安溪|Anxi;武夷山|Wuyishan;凤凰单丛|Phoenix Dancong'), items: bis('铁观音|Tieguanyin;大红袍|Da Hong Pao;鸭屎香单丛|Duck Shit Aroma Dancong;肉桂岩茶|Rougui Rock Tea'), specs: [FOOD_PACK], price: [98, 1580] },
          { name: bi('咖啡|Coffee'), brands: bis('三顿半|Saturnbird;隅田川|Sumida River;云南小粒|Yunnan Arabica'), items: bis('冻干速溶咖啡|Freeze-dried Instant Coffee;挂耳咖啡|Drip-bag Coffee;咖啡豆中深烘|Medium-dark Roast Beans;冷萃咖啡液|Cold Brew Concentrate'), specs: [SET], price: [39, 299] },
        ],
      },
      {
        name: bi('粮油调味|Rice, Oil & Seasoning'),
        children: [
          { name: bi('大米|Rice'), brands: bis('五常|Wuchang;福临门|Fortune;十月稻田|Shiyue Daotian'), items: bis('五常稻花香大米|Wuchang Daohuaxiang Rice;东北珍珠米|Northeast Pearl Rice;泰国香米|Thai Jasmine Rice;有机胚芽米|Organic Germ Rice'), specs: [WEIGHT_KG], price: [39, 199] },
          { name: bi('酱油|Soy Sauce'), brands: bis('海天|Haitian;李锦记|Lee Kum Kee;千禾|Qianhe'), items: bis('特级生抽|Premium Light Soy Sauce;零添加酱油|Zero-additive Soy Sauce;老抽王|Dark Soy Sauce;蚝油|Oyster Sauce'), specs: [dim('规格|Size', '500ml|500 ml;1L|1 L;1.9L|1.9 L', 800)], price: [9, 69] },
        ],
      },
    ],
  },
  {
    name: bi('图书文娱|Books & Media'),
    pitch: bis('正版图书，品质保证|Genuine editions;名家推荐|Recommended by renowned authors;精美装帧|Beautiful binding;满100减50|¥50 off every ¥100'),
    children: [
      {
        name: bi('图书|Books'),
        children: [
          { name: bi('小说|Fiction'), brands: bis('人民文学出版社|People’s Literature;上海译文|Shanghai Translation;译林|Yilin Press'), items: bis('红楼梦|Dream of the Red Chamber;三体全集|The Three-Body Trilogy;活着|To Live;围城|Fortress Besieged;平凡的世界|Ordinary World'), specs: [EDITION], price: [29, 168] },
          { name: bi('历史|History'), brands: bis('中华书局|Zhonghua Book Company;三联书店|SDX Joint;商务印书馆|Commercial Press'), items: bis('史记|Records of the Grand Historian;万历十五年|1587, A Year of No Significance;明朝那些事儿|Those Things of the Ming Dynasty;中国通史|A General History of China'), specs: [EDITION], price: [39, 398] },
          { name: bi('少儿|Children’s Books'), brands: bis('接力出版社|Jieli Press;童趣|Tongqu;蒲蒲兰|Pupulan'), items: bis('十万个为什么|One Hundred Thousand Whys;小猪佩奇绘本|Peppa Pig Picture Books;神奇校车|The Magic School Bus;儿童百科全书|Children’s Encyclopedia'), specs: [EDITION], price: [19, 268] },
        ],
      },
      {
        name: bi('文具|Stationery'),
        children: [
          { name: bi('笔|Pens'), brands: bis('晨光|M&G;英雄|Hero;百乐|Pilot'), items: bis('中性笔套装|Gel Pen Set;英雄钢笔|Hero Fountain Pen;马克笔|Marker Pens;自动铅笔|Mechanical Pencil'), specs: [SET], price: [9, 299] },
          { name: bi('笔记本|Notebooks'), brands: bis('国誉|KOKUYO;得力|Deli;故宫文创|Palace Museum'), items: bis('A5 线圈笔记本|A5 Spiral Notebook;皮面手账本|Leather Journal;活页本|Loose-leaf Binder;国风烫金笔记本|Gilded Chinese-style Notebook'), specs: [SET], price: [9, 168] },
        ],
      },
      {
        name: bi('数字服务|Digital Services'),
        children: [
          { name: bi('电子书|E-books'), brands: bis('微信读书|WeRead;掌阅|iReader;京东读书|JD Read'), items: bis('畅读会员卡|Unlimited Reading Card;有声书会员|Audiobook Membership;电子书兑换码|E-book Redemption Code'), specs: [TERM], price: [19, 198], mold: 1 },
          { name: bi('影音会员|Streaming Memberships'), brands: bis('腾讯视频|Tencent Video;爱奇艺|iQIYI;QQ音乐|QQ Music'), items: bis('VIP 会员|VIP Membership;超级影视 VIP|Super VIP;豪华绿钻|Premium Green Diamond'), specs: [TERM], price: [15, 258], mold: 1 },
        ],
      },
    ],
  },
  {
    name: bi('运动户外|Sports & Outdoors'),
    pitch: bis('专业装备，安全可靠|Professional, dependable gear;轻量便携|Light and portable;防水耐磨|Waterproof and hard-wearing;运动达人推荐|Recommended by athletes'),
    children: [
      {
        name: bi('运动器材|Fitness Equipment'),
        children: [
          { name: bi('瑜伽垫|Yoga Mats'), brands: bis('Keep|Keep;李宁|Li-Ning;迪卡侬|Decathlon'), items: bis('TPE 防滑瑜伽垫|TPE Non-slip Yoga Mat;天然橡胶瑜伽垫|Natural Rubber Yoga Mat;加厚健身垫|Thick Exercise Mat;折叠旅行瑜伽垫|Foldable Travel Yoga Mat'), specs: [COLOR], price: [59, 499] },
          { name: bi('哑铃|Dumbbells'), brands: bis('Keep|Keep;迪卡侬|Decathlon;舒华|SHUA'), items: bis('可调节哑铃|Adjustable Dumbbells;包胶哑铃|Rubber-coated Dumbbells;壶铃|Kettlebell;弹力带套装|Resistance Band Set'), specs: [WEIGHT_KG], price: [69, 1299] },
        ],
      },
      {
        name: bi('户外装备|Outdoor Gear'),
        children: [
          { name: bi('帐篷|Tents'), brands: bis('牧高笛|MOBI GARDEN;挪客|Naturehike;骆驼|CAMEL'), items: bis('自动速开帐篷|Instant Pop-up Tent;双层防雨帐篷|Double-wall Rain Tent;天幕|Camping Tarp;露营推车|Camping Wagon'), specs: [COLOR], price: [199, 2599] },
          { name: bi('登山杖|Trekking Poles'), brands: bis('黑钻|Black Diamond;挪客|Naturehike;凯乐石|KAILAS'), items: bis('碳素登山杖|Carbon Trekking Poles;铝合金折叠杖|Aluminium Folding Poles;户外头灯|Outdoor Headlamp;登山背包 40L|Hiking Backpack 40L'), specs: [COLOR], price: [59, 899] },
        ],
      },
    ],
  },
];
