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
  /** Price factor per value index (a year costs about ten months). */
  factors?: number[];
}
/**
 * One product line: its name, the brands (indexes into the leaf's brands) that make it (all when
 * absent), its own price range in yuan (the leaf's when absent) and the Fluent Emoji its pictures show.
 */
export interface ItemDef extends Bi {
  brands?: number[];
  price?: [number, number];
  emoji?: string;
}
export interface LeafDef {
  name: Bi;
  brands: Bi[];
  items: ItemDef[];
  specs: SpecDim[];
  /** Base price range in yuan. */
  price: [number, number];
  /** Fluent Emoji (flat) names the pictures of items without their own show. */
  emoji: string;
  mold?: 0 | 1;
}
export interface MidDef {
  name: Bi;
  children: LeafDef[];
}
export interface TopDef {
  name: Bi;
  /** Selling points for briefs, descriptions and detail pictures. */
  pitch: Bi[];
  /** Fluent UI colour icon (iconify name in @iconify-json/fluent-color) for the category rail. */
  icon: string;
  children: MidDef[];
}

/** 'zh|en' -> Bi */
export function bi(text: string): Bi {
  const [zh = '', en = zh] = text.split('|');
  return { zh: zh.trim(), en: en.trim() };
}
/** 'zh|en;zh|en' -> Bi[] */
const bis = (text: string): Bi[] => text.split(';').map(bi);
/**
 * 'zh|en@0,2#999-1999!emoji;...' -> ItemDef[]: after the names, the brands that make the line
 * (@), its price range in yuan (#) and its emoji (!), each optional.
 */
export function items(text: string): ItemDef[] {
  return text.split(';').map((part) => {
    const [rest1 = '', emoji] = part.split('!');
    const [rest2 = '', price] = rest1.split('#');
    const [names = '', brands] = rest2.split('@');
    const item: ItemDef = bi(names);
    if (brands) item.brands = brands.split(',').map(Number);
    if (price) {
      const [lo = 0, hi = lo] = price.split('-').map(Number);
      item.price = [lo, hi];
    }
    if (emoji) item.emoji = emoji.trim();
    return item;
  });
}
const dim = (name: string, values: string, step = 0): SpecDim => ({ name: bi(name), values: bis(values), step });

const COLOR = dim('颜色|Color', '曜石黑|Obsidian Black;云母白|Mica White;远峰蓝|Sierra Blue;樱花粉|Sakura Pink;松柏绿|Pine Green');
const STORAGE = dim('存储容量|Storage', '12GB+256GB|12GB+256GB;12GB+512GB|12GB+512GB;16GB+1TB|16GB+1TB', 50000);
const CLOTH_SIZE = dim('尺码|Size', 'S|S;M|M;L|L;XL|XL;XXL|XXL');
const SHOE_SIZE = dim('鞋码|Shoe size', '38|38;39|39;40|40;41|41;42|42;43|43;44|44');
const FOOD_PACK = dim('规格|Pack', '250g|250 g;500g|500 g;1kg|1 kg', 2000);
const TEA_PACK = dim('规格|Pack', '50g 罐装|50 g tin;100g 罐装|100 g tin;250g 礼盒|250 g gift box', 8000);
const VOLUME = dim('容量|Volume', '30ml|30 ml;50ml|50 ml;100ml|100 ml', 8000);
const EDITION = dim('版本|Edition', '平装|Paperback;精装|Hardcover;典藏版|Collector’s Edition', 2000);
const SET = dim('套装|Set', '单只装|Single;两只装|Pair;四只装|Set of four', 3000);
const PACK = dim('规格|Pack', '单盒装|One box;两盒装|Two boxes;家庭装|Family pack', 2000);
const CUP_COLOR = dim('花色|Pattern', '青花|Blue-and-white;粉彩|Famille Rose;天青|Celadon;霁红|Ruby Red');
const BED_SIZE = dim('尺寸|Size', '1.5m床|1.5 m bed;1.8m床|1.8 m bed;2.0m床|2.0 m bed', 5000);
const POWER = dim('版本|Model', '标准版|Standard;升级版|Upgraded;旗舰版|Flagship', 10000);
const MONITOR = dim('版本|Model', '标准版|Standard;升降支架版|Height-adjustable stand', 20000);
const LUGGAGE_SIZE = dim('尺寸|Size', '20英寸|20 inch;24英寸|24 inch;28英寸|28 inch', 10000);
const SCREEN = dim('配置|Configuration', 'i5/16G/512G|i5/16GB/512GB;i7/16G/1T|i7/16GB/1TB;i7/32G/1T|i7/32GB/1TB', 100000);
const WEIGHT_KG = dim('重量|Weight', '5kg|5 kg;10kg|10 kg;20kg|20 kg', 5000);
const RICE_KG = dim('重量|Weight', '2.5kg|2.5 kg;5kg|5 kg;10kg|10 kg', 3000);
const TERM: SpecDim = { ...dim('时长|Term', '月卡|1 month;季卡|3 months;年卡|12 months'), factors: [1, 2.7, 9] };

export const CATEGORY_TREE: TopDef[] = [
  {
    name: bi('手机数码|Phones & Digital'),
    icon: 'mobile-phone',
    pitch: bis('官方正品，全国联保|Genuine, with a nationwide warranty;顺丰包邮，次日达|Free next-day delivery;7天无理由退货|7-day no-reason returns;以旧换新，至高补贴|Trade-in subsidies available'),
    children: [
      {
        name: bi('手机通讯|Mobile Phones'),
        children: [
          {
            name: bi('手机|Smartphones'), emoji: 'mobile-phone', brands: bis('华为|HUAWEI;小米|Xiaomi;荣耀|HONOR;OPPO|OPPO;vivo|vivo'), specs: [COLOR, STORAGE], price: [1299, 6999],
            items: items('Mate 70 Pro 手机|Mate 70 Pro Phone@0#5999-6999;Pura 70 Ultra 影像手机|Pura 70 Ultra Camera Phone@0#6999-7999;nova 13 手机|nova 13 Phone@0#2699-2999;15 Pro 手机|15 Pro Phone@1#4999-5499;Redmi K80 手机|Redmi K80 Phone@1#2499-2699;Redmi Note 14 Pro 手机|Redmi Note 14 Pro Phone@1#1399-1599;Magic7 Pro 手机|Magic7 Pro Phone@2#5699-5999;X60 手机|X60 Phone@2#1199-1399;Find X8 Pro 手机|Find X8 Pro Phone@3#5299-5699;Reno13 手机|Reno13 Phone@3#2699-2999;X200 Pro 手机|X200 Pro Phone@4#5299-5999;iQOO 13 手机|iQOO 13 Phone@4#3999-4299'),
          },
          { name: bi('手机壳|Phone Cases'), emoji: 'phone-case', brands: bis('倍思|Baseus;绿联|UGREEN;品胜|PISEN'), items: items('磁吸透明手机壳|MagSafe Clear Case;液态硅胶手机壳|Liquid Silicone Case;全包防摔手机壳|Full-cover Shockproof Case;素皮商务手机壳|Vegan Leather Business Case'), specs: [COLOR], price: [29, 99] },
          { name: bi('充电配件|Chargers & Power Banks'), emoji: 'electric-plug', brands: bis('安克|Anker;绿联|UGREEN;倍思|Baseus'), items: items('65W 氮化镓快充头|65W GaN Fast Charger#99-169;20000mAh 移动电源|20000mAh Power Bank#129-199!battery;三合一无线充电座|3-in-1 Wireless Charging Stand#199-299;双口 PD 快充套装|Dual-port PD Charger Kit#59-99'), specs: [COLOR], price: [59, 299] },
        ],
      },
      {
        name: bi('电脑办公|Computers & Office'),
        children: [
          { name: bi('笔记本电脑|Laptops'), emoji: 'laptop', brands: bis('联想|Lenovo;华为|HUAWEI;戴尔|Dell;华硕|ASUS'), specs: [SCREEN], price: [3999, 12999], items: items('小新 Pro 14 轻薄笔记本|Xiaoxin Pro 14 Ultrabook@0#4999-5999;拯救者 Y9000P 游戏本|Legion Y9000P Gaming Laptop@0#8999-10999;ThinkPad X1 Carbon 商务本|ThinkPad X1 Carbon Business Laptop@0#9999-12999;MateBook X Pro 轻薄本|MateBook X Pro Ultrabook@1#8999-11999;MateBook 14 笔记本|MateBook 14 Laptop@1#4999-5999;XPS 13 轻薄本|XPS 13 Ultrabook@2#7999-9999;灵越 14 Plus 笔记本|Inspiron 14 Plus Laptop@2#4999-5999;灵耀 14 轻薄本|Zenbook 14 Ultrabook@3#5499-6499;天选 5 Pro 游戏本|TUF Gaming A16 Laptop@3#6999-7999') },
          { name: bi('键盘鼠标|Keyboards & Mice'), emoji: 'keyboard', brands: bis('罗技|Logitech;雷蛇|Razer;达尔优|Dareu'), items: items('无线静音鼠标|Silent Wireless Mouse#69-149!computer-mouse;87 键机械键盘|87-key Mechanical Keyboard#199-599;人体工学垂直鼠标|Ergonomic Vertical Mouse#99-299!computer-mouse;无线键鼠套装|Wireless Keyboard and Mouse Combo#129-399'), specs: [COLOR], price: [69, 599] },
          { name: bi('显示器|Monitors'), emoji: 'desktop-computer', brands: bis('戴尔|Dell;明基|BenQ;飞利浦|Philips'), items: items('27英寸 4K 显示器|27-inch 4K Monitor#1699-2999;24英寸护眼显示器|24-inch Eye-care Monitor#699-1099;34英寸带鱼屏显示器|34-inch Ultrawide Monitor#2299-3999;27英寸 165Hz 电竞显示器|27-inch 165Hz Gaming Monitor#1299-1999'), specs: [MONITOR], price: [699, 3999] },
        ],
      },
      {
        name: bi('影音穿戴|Audio & Wearables'),
        children: [
          { name: bi('耳机|Headphones'), emoji: 'headphone', brands: bis('索尼|Sony;漫步者|EDIFIER;华为|HUAWEI'), specs: [COLOR], price: [199, 2999], items: items('WH-1000XM5 头戴式降噪耳机|WH-1000XM5 Over-ear ANC Headphones@0#2299-2699;WF-1000XM5 真无线降噪耳机|WF-1000XM5 ANC Earbuds Headphones@0#1599-1899;Lollipods 真无线耳机|Lollipods True Wireless Headphones@1#199-299;W820NB 头戴式降噪耳机|W820NB Over-ear ANC Headphones@1#299-399;FreeBuds Pro 4 降噪耳机|FreeBuds Pro 4 ANC Earbuds Headphones@2#1299-1499;FreeClip 开放式耳机|FreeClip Open-ear Headphones@2#999-1299') },
          { name: bi('音箱|Speakers'), emoji: 'speaker-high-volume', brands: bis('小米|Xiaomi;JBL|JBL;漫步者|EDIFIER'), specs: [COLOR], price: [149, 2999], items: items('小爱音箱 Pro 智能音箱|Xiao AI Speaker Pro Smart Speaker@0#299-399;Sound 高保真智能音箱|Sound Hi-Fi Smart Speaker@0#499-599;Flip 6 便携蓝牙音箱|Flip 6 Portable Bluetooth Speaker@1#799-999;Bar 500 回音壁|Bar 500 Soundbar@1#2999-3999;R1700BT 书架音箱|R1700BT Bookshelf Speakers@2#599-699;M230 桌面蓝牙音箱|M230 Desktop Bluetooth Speaker@2#199-299') },
          { name: bi('智能手表|Smartwatches'), emoji: 'watch', brands: bis('华为|HUAWEI;小米|Xiaomi;佳明|Garmin'), specs: [COLOR], price: [199, 5999], items: items('WATCH GT 5 智能手表|WATCH GT 5 Smartwatch@0#1488-1788;WATCH 5 智能手表|WATCH 5 Smartwatch@0#2599-2999;小米手环 9|Smart Band 9@1#249-299;Watch S4 智能手表|Watch S4 Smartwatch@1#999-1199;Fenix 8 户外 GPS 手表|Fenix 8 Outdoor GPS Watch@2#6980-8980;Forerunner 265 跑步手表|Forerunner 265 Running Watch@2#2980-3280') },
        ],
      },
    ],
  },
  {
    name: bi('家用电器|Home Appliances'),
    icon: 'television',
    pitch: bis('一级能效，省电静音|Grade-1 energy efficiency, quiet and economical;整机三年质保|3-year warranty;送货上门，免费安装|Home delivery with free installation;智能互联，手机远程控制|Smart app control'),
    children: [
      {
        name: bi('厨房电器|Kitchen Appliances'),
        children: [
          { name: bi('电饭煲|Rice Cookers'), emoji: 'cooked-rice', brands: bis('美的|Midea;苏泊尔|SUPOR;九阳|Joyoung'), items: items('IH 电磁加热电饭煲 4L|IH Induction Rice Cooker 4L#399-699;低糖电饭煲 4L|Low-sugar Rice Cooker 4L#499-899;迷你电饭煲 2L|Mini Rice Cooker 2L#159-259;球釜电饭煲 5L|Spherical-pot Rice Cooker 5L#599-999'), specs: [POWER], price: [159, 999] },
          { name: bi('空气炸锅|Air Fryers'), emoji: 'french-fries', brands: bis('美的|Midea;小熊|Bear;九阳|Joyoung'), items: items('可视空气炸锅 6L|Visible Air Fryer 6L;双篮空气炸锅 9L|Dual-basket Air Fryer 9L;蒸烤一体空气炸锅|Steam-and-air Fryer;无油健康空气炸锅 4.5L|Oil-free Air Fryer 4.5L'), specs: [COLOR], price: [229, 799] },
          { name: bi('料理机|Blenders & Juicers'), emoji: 'beverage-box', brands: bis('九阳|Joyoung;美的|Midea;苏泊尔|SUPOR'), items: items('静音破壁料理机|Quiet High-speed Blender#499-1299;免手洗豆浆机|Self-cleaning Soy Milk Maker#399-999!glass-of-milk;便携榨汁杯|Portable Juicer Cup#99-199!cup-with-straw;多功能料理机|Multi-function Food Processor#299-699'), specs: [POWER], price: [99, 1299] },
        ],
      },
      {
        name: bi('生活电器|Household Appliances'),
        children: [
          { name: bi('清洁电器|Cleaning Appliances'), emoji: 'broom', brands: bis('戴森|Dyson;追觅|Dreame;石头|Roborock'), items: items('V12 无线吸尘器|V12 Cordless Vacuum@0#3990-4690;Gen5 无线吸尘器|Gen5 Cordless Vacuum@0#4990-5990;X40 扫拖机器人|X40 Robot Vacuum and Mop@1#3999-4999;H20 洗地机|H20 Wet-dry Floor Washer@1#2299-2999;P10 扫拖机器人|P10 Robot Vacuum and Mop@2#2599-3299;A20 洗地机|A20 Wet-dry Floor Washer@2#1999-2599'), specs: [POWER], price: [1999, 5990] },
          { name: bi('风扇|Fans'), emoji: 'wind-face', brands: bis('美的|Midea;艾美特|Airmate;格力|GREE'), items: items('直流变频落地扇|DC Inverter Pedestal Fan#299-499;空气循环扇|Air Circulator Fan#199-399;无叶风扇|Bladeless Fan#399-899;桌面小风扇|Desk Fan#79-129'), specs: [COLOR], price: [79, 899] },
          { name: bi('加湿器|Humidifiers'), emoji: 'droplet', brands: bis('小米|Xiaomi;美的|Midea;亚都|YADU'), items: items('无雾加湿器|Mist-free Humidifier#399-799;香薰加湿器|Aroma Humidifier#129-259;上加水大容量加湿器|Top-fill Large Humidifier#199-399;桌面迷你加湿器|Mini Desk Humidifier#69-99'), specs: [COLOR], price: [69, 799] },
        ],
      },
    ],
  },
  {
    name: bi('家居生活|Home & Living'),
    icon: 'couch-and-lamp',
    pitch: bis('匠心工艺，经久耐用|Crafted to last;环保材质，安心使用|Eco-friendly, safe materials;简约设计，百搭家居|Minimal design for any home;精美礼盒，送礼佳选|Gift box included, a thoughtful present'),
    children: [
      {
        name: bi('茶具|Tea Ware'),
        children: [
          { name: bi('茶杯|Teacups'), emoji: 'teacup-without-handle', brands: bis('景德镇|Jingdezhen;德化白瓷|Dehua Porcelain;建阳建盏|Jianyang Jianzhan'), specs: [CUP_COLOR, SET], price: [39, 399], items: items('青花瓷茶杯|Blue-and-white Porcelain Teacup@0#49-129;手绘主人杯茶杯|Hand-painted Master Teacup@0#89-299;汝窑开片品茗杯|Ru Kiln Crackle Tasting Teacup@0#59-169;羊脂玉白瓷茶杯|Blanc de Chine Teacup@1#39-129;白瓷品茗杯|White Porcelain Tasting Cup@1#29-89;兔毫建盏茶杯|Hare’s-fur Jian Teacup@2#169-399;油滴天目茶杯|Oil-spot Tenmoku Teacup@2#199-499') },
          { name: bi('茶壶盖碗|Teapots & Gaiwans'), emoji: 'teapot', brands: bis('宜兴紫砂|Yixing Zisha;景德镇|Jingdezhen;龙泉青瓷|Longquan Celadon'), specs: [CUP_COLOR], price: [89, 1280], items: items('原矿西施壶|Raw-ore Xishi Teapot@0#398-1280;石瓢壶|Shipiao Teapot@0#468-1280;手绘三才盖碗|Hand-painted Gaiwan@1#89-268!teacup-without-handle;青花茶壶|Blue-and-white Teapot@1#168-398;青瓷侧把壶|Celadon Side-handle Teapot@2#198-498;梅子青盖碗|Plum-green Celadon Gaiwan@2#128-298!teacup-without-handle') },
          { name: bi('茶盘茶具套装|Tea Trays & Sets'), emoji: 'teapot', brands: bis('竹语|Bamboo Whisper;乌金石|Black Gold Stone;景德镇|Jingdezhen'), specs: [SET], price: [69, 899], items: items('竹制干泡台|Bamboo Dry-brew Tray@0#69-199;实木储水茶盘|Solid Wood Tea Tray@0#199-499;乌金石茶盘|Black Stone Tea Tray@1#299-899;功夫茶具套装|Gongfu Tea Set@2#168-598') },
        ],
      },
      {
        name: bi('家纺|Bedding & Bath'),
        children: [
          { name: bi('床品四件套|Bedding Sets'), emoji: 'bed', brands: bis('罗莱|Luolai;富安娜|Fuanna;水星家纺|Mercury'), items: items('长绒棉四件套|Long-staple Cotton Bedding Set#399-999;真丝四件套|Mulberry Silk Bedding Set#1299-2999;水洗棉四件套|Washed Cotton Bedding Set#199-399;天丝四件套|Tencel Bedding Set#499-999'), specs: [BED_SIZE, COLOR], price: [199, 2999] },
          { name: bi('枕头|Pillows'), emoji: 'bed', brands: bis('罗莱|Luolai;富安娜|Fuanna;慕思|DeRUCCI'), items: items('天然乳胶枕|Natural Latex Pillow#129-399;记忆棉护颈枕|Memory Foam Neck Pillow#99-299;白鹅绒枕|White Goose Down Pillow#299-699;荞麦枕|Buckwheat Pillow#59-129'), specs: [SET], price: [59, 699] },
          { name: bi('毛巾浴巾|Towels'), emoji: 'bathtub', brands: bis('洁丽雅|Grace;三利|Sanli;孚日|Sunvim'), items: items('纯棉毛巾|Pure Cotton Towel#19-39;加厚浴巾|Thick Bath Towel#49-129;速干运动毛巾|Quick-dry Sports Towel#29-59;儿童纱布巾|Kids Gauze Towel#19-49'), specs: [COLOR, SET], price: [19, 129] },
        ],
      },
      {
        name: bi('收纳|Storage'),
        children: [
          { name: bi('收纳箱盒|Storage Boxes'), emoji: 'card-file-box', brands: bis('天马|Tenma;禧天龙|Citylong;茶花|Chahua'), items: items('透明抽屉收纳箱|Clear Drawer Storage Box#59-159;桌面化妆品收纳盒|Desktop Cosmetic Organizer#29-79;可折叠衣物收纳箱|Foldable Clothes Storage Box#39-99!package;冰箱保鲜收纳盒|Fridge Storage Container#19-59'), specs: [SET], price: [19, 159] },
          { name: bi('衣架衣帽架|Hangers & Racks'), emoji: 'coat', brands: bis('家の物语|Home Story;禧天龙|Citylong;宜奥|Yiao'), items: items('防滑植绒衣架 20 只|Non-slip Velvet Hangers, 20 pcs#39-69;实木衣架 10 只|Solid Wood Hangers, 10 pcs#49-99;多层裤架|Multi-tier Trouser Hanger#29-59!jeans;落地衣帽架|Standing Coat Rack#129-399'), specs: [COLOR], price: [29, 399] },
        ],
      },
    ],
  },
  {
    name: bi('服饰鞋包|Clothing, Shoes & Bags'),
    icon: 'dress',
    pitch: bis('当季新款，时尚百搭|New season styles that go with everything;精选面料，亲肤透气|Soft, breathable fabrics;支持试穿，不合适包退|Try it on, free returns if it doesn’t fit;运费险，退换无忧|Return shipping insured'),
    children: [
      {
        name: bi('女装|Women’s Clothing'),
        children: [
          { name: bi('连衣裙|Dresses'), emoji: 'dress', brands: bis('太平鸟|PEACEBIRD;ONLY|ONLY;欧时力|Ochirly'), items: items('法式碎花连衣裙|French Floral Dress#299-599;针织修身连衣裙|Fitted Knit Dress#259-499;新中式盘扣连衣裙|Modern Qipao-style Dress#399-899!kimono;真丝吊带裙|Silk Slip Dress#599-1299'), specs: [CLOTH_SIZE, COLOR], price: [199, 1299] },
          { name: bi('针织衫|Knitwear'), emoji: 'scarf', brands: bis('鄂尔多斯|ERDOS;优衣库|UNIQLO;恒源祥|Hengyuanxiang'), items: items('羊绒针织开衫|Cashmere Cardigan#699-1599;圆领羊毛衫|Crew-neck Wool Sweater#199-599;慵懒风毛衣|Oversized Cozy Sweater#199-399;高领打底衫|Turtleneck Base Layer#99-199'), specs: [CLOTH_SIZE, COLOR], price: [99, 1599] },
        ],
      },
      {
        name: bi('男装|Men’s Clothing'),
        children: [
          { name: bi('衬衫|Shirts'), emoji: 'necktie', brands: bis('雅戈尔|Youngor;海澜之家|HLA;利郎|Lilanz'), items: items('免烫商务衬衫|Non-iron Business Shirt#199-499;纯棉牛津纺衬衫|Cotton Oxford Shirt#149-299;亚麻休闲衬衫|Linen Casual Shirt#199-399;条纹长袖衬衫|Striped Long-sleeve Shirt#149-299'), specs: [CLOTH_SIZE, COLOR], price: [129, 499] },
          { name: bi('T恤|T-shirts'), emoji: 't-shirt', brands: bis('李宁|Li-Ning;安踏|ANTA;优衣库|UNIQLO'), items: items('纯棉圆领T恤|Cotton Crew-neck Tee#59-99;速干运动T恤|Quick-dry Sports Tee#79-159!running-shirt;国潮印花T恤|Guochao Print Tee#99-199;重磅宽松T恤|Heavyweight Oversized Tee#99-179'), specs: [CLOTH_SIZE, COLOR], price: [49, 199] },
          { name: bi('外套|Coats & Jackets'), emoji: 'coat', brands: bis('波司登|Bosideng;骆驼|CAMEL;探路者|Toread'), items: items('轻薄羽绒服|Light Down Jacket#499-999;三合一冲锋衣|3-in-1 Hardshell Jacket#399-1299;工装夹克|Utility Jacket#199-499;防风棒球服|Windproof Bomber Jacket#199-399'), specs: [CLOTH_SIZE, COLOR], price: [199, 1299] },
        ],
      },
      {
        name: bi('鞋靴|Shoes'),
        children: [
          { name: bi('运动鞋|Sneakers'), emoji: 'running-shoe', brands: bis('李宁|Li-Ning;安踏|ANTA;特步|XTEP;回力|Warrior'), items: items('轻量缓震跑步鞋|Lightweight Cushioned Running Shoes#299-899;复古板鞋|Retro Skate Shoes#169-399;篮球实战鞋|Performance Basketball Shoes@0,1#499-999;透气健步鞋|Breathable Walking Shoes#169-399'), specs: [SHOE_SIZE, COLOR], price: [169, 999] },
          { name: bi('皮鞋|Leather Shoes'), emoji: 'mans-shoe', brands: bis('红蜻蜓|Red Dragonfly;奥康|Aokang;森达|Senda'), items: items('头层牛皮商务皮鞋|Full-grain Leather Oxfords#399-899;软底乐福鞋|Soft-sole Loafers#299-599;切尔西靴|Chelsea Boots#499-999!hiking-boot;英伦德比鞋|British Derby Shoes#399-799'), specs: [SHOE_SIZE], price: [299, 999] },
        ],
      },
      {
        name: bi('箱包|Bags & Luggage'),
        children: [
          { name: bi('双肩包|Backpacks'), emoji: 'backpack', brands: bis('新秀丽|Samsonite;小米|Xiaomi;迪卡侬|Decathlon'), items: items('商务电脑双肩包|Business Laptop Backpack@0,1#199-899;轻便旅行背包|Lightweight Travel Backpack#99-499;防泼水通勤包|Water-resistant Commuter Backpack#149-399;学生书包|Student Backpack@1,2#99-199'), specs: [COLOR], price: [99, 899] },
          { name: bi('行李箱|Suitcases'), emoji: 'luggage', brands: bis('新秀丽|Samsonite;地平线8号|LEVEL8;爱华仕|OIWAS'), items: items('铝框拉杆箱|Aluminium-frame Suitcase#799-2599;PC 万向轮行李箱|PC Spinner Suitcase#399-1299;前开口登机箱|Front-opening Carry-on#499-1599;大容量托运箱|Large Check-in Suitcase#599-1999'), specs: [LUGGAGE_SIZE, COLOR], price: [399, 2599] },
        ],
      },
    ],
  },
  {
    name: bi('美妆个护|Beauty & Personal Care'),
    icon: 'lipstick',
    pitch: bis('品牌授权，正品保障|Authorised stockist, genuine guaranteed;敏感肌可用|Suitable for sensitive skin;买即赠旅行装小样|Free travel-size samples;专柜同款|Same as department-store counters'),
    children: [
      {
        name: bi('护肤|Skincare'),
        children: [
          { name: bi('面霜|Face Creams'), emoji: 'lotion-bottle', brands: bis('百雀羚|Pechoin;珀莱雅|PROYA;薇诺娜|Winona'), items: items('保湿修护面霜|Hydrating Repair Cream;抗皱紧致面霜|Anti-wrinkle Firming Cream;舒敏保湿霜|Soothing Moisturiser@2;美白淡斑面霜|Brightening Cream'), specs: [VOLUME], price: [129, 599] },
          { name: bi('精华|Serums'), emoji: 'test-tube', brands: bis('珀莱雅|PROYA;自然堂|CHANDO;润百颜|Biohyalux'), items: items('双抗精华液|Dual-action Antioxidant Serum@0;红宝石精华|Ruby Firming Serum@0;小紫瓶精华|Purple Bottle Serum@1;玻尿酸次抛原液|Hyaluronic Acid Single-dose Serum@2;烟酰胺精华|Niacinamide Serum'), specs: [VOLUME], price: [149, 699] },
          { name: bi('面膜|Face Masks'), emoji: 'lotion-bottle', brands: bis('一叶子|One Leaf;百雀羚|Pechoin;敷尔佳|Voolga'), items: items('补水保湿面膜|Hydrating Sheet Mask@0,1#49-99;清洁泥膜|Clay Cleansing Mask@0,1#59-129;睡眠面膜|Overnight Sleeping Mask@0,1#69-139;医用修复敷料|Medical Repair Dressing@2#89-199'), specs: [PACK], price: [49, 199] },
        ],
      },
      {
        name: bi('彩妆|Makeup'),
        children: [
          { name: bi('唇妆|Lip Makeup'), emoji: 'lipstick', brands: bis('花西子|Florasis;完美日记|Perfect Diary;毛戈平|MAOGEPING'), items: items('雕花口红|Carved Lipstick@0#169-219;丝绒哑光唇釉|Velvet Matte Lip Glaze#79-139;水光唇蜜|Glossy Lip Gloss#69-129;光韵唇膏|Radiance Lipstick@2#260-320'), specs: [dim('色号|Shade', '#01 正红|#01 True Red;#02 豆沙|#02 Rose Nude;#03 枫叶|#03 Maple;#04 珊瑚|#04 Coral')], price: [69, 320] },
          { name: bi('底妆|Base Makeup'), emoji: 'mirror', brands: bis('花西子|Florasis;毛戈平|MAOGEPING;彩棠|TIMAGE'), items: items('持妆粉底液|Long-wear Liquid Foundation;气垫 BB 霜|Cushion BB Cream;控油散粉|Oil-control Setting Powder;遮瑕膏|Concealer'), specs: [dim('色号|Shade', '象牙白|Ivory;自然色|Natural;小麦色|Wheat')], price: [129, 499] },
        ],
      },
      {
        name: bi('个人护理|Personal Care'),
        children: [
          { name: bi('洗发护发|Hair Care'), emoji: 'lotion-bottle', brands: bis('阿道夫|ADOLPH;滋源|Seeyoung;蜂花|Bee & Flower'), items: items('控油蓬松洗发水|Oil-control Volumising Shampoo;氨基酸洗发水|Amino-acid Shampoo;防脱育发洗发水|Anti-hair-loss Shampoo@0,1;护发素|Conditioner'), specs: [dim('规格|Size', '400ml|400 ml;750ml|750 ml;1L|1 L', 3000)], price: [29, 129] },
          { name: bi('口腔护理|Oral Care'), emoji: 'toothbrush', brands: bis('云南白药|Yunnan Baiyao;舒客|Saky;冷酸灵|Lengsuanling'), items: items('美白牙膏|Whitening Toothpaste#19-49;抗敏感牙膏|Sensitivity Toothpaste#19-39;儿童牙膏|Kids Toothpaste#15-29;声波电动牙刷|Sonic Electric Toothbrush@1#129-299'), specs: [SET], price: [15, 299] },
        ],
      },
    ],
  },
  {
    name: bi('食品生鲜|Food & Groceries'),
    icon: 'shopping-cart',
    pitch: bis('产地直发，新鲜到家|Shipped fresh from the source;无添加，健康放心|No additives;当季新品，日期新鲜|This season’s harvest, freshly dated;满99元包邮|Free shipping over ¥99'),
    children: [
      {
        name: bi('休闲零食|Snacks'),
        children: [
          { name: bi('坚果|Nuts'), emoji: 'peanuts', brands: bis('三只松鼠|Three Squirrels;良品铺子|BESTORE;百草味|Be & Cheery'), items: items('每日坚果|Daily Mixed Nuts;碧根果|Pecans!chestnut;夏威夷果|Macadamia Nuts!chestnut;原味腰果|Plain Cashews'), specs: [FOOD_PACK], price: [29, 99] },
          { name: bi('饼干糕点|Biscuits & Pastries'), emoji: 'cookie', brands: bis('稻香村|Daoxiangcun;好利来|Holiland;嘉华|Jiahua'), items: items('京式糕点礼盒|Beijing Pastry Gift Box@0#88-168!moon-cake;枣花酥|Jujube Flower Pastries@0#29-59;半熟芝士|Half-baked Cheesecake@1#49-99!shortcake;蛋黄酥|Salted Egg-yolk Pastries@1,2#39-79;鲜花饼|Yunnan Flower Cakes@2#39-79!moon-cake'), specs: [PACK], price: [29, 168] },
        ],
      },
      {
        name: bi('茶叶冲饮|Tea & Drinks'),
        children: [
          { name: bi('绿茶|Green Tea'), emoji: 'herb', brands: bis('西湖牌|Xihu;黄山|Huangshan;信阳|Xinyang;吴侬|Wunong'), specs: [TEA_PACK], price: [88, 1288], items: items('明前龙井|Pre-Qingming Longjing@0#298-1288;雨前龙井|Pre-Grain-Rain Longjing@0#168-498;黄山毛峰|Huangshan Maofeng@1#128-398;太平猴魁|Taiping Houkui@1#268-798;信阳毛尖|Xinyang Maojian@2#98-398;洞庭碧螺春|Dongting Biluochun@3#168-598') },
          { name: bi('乌龙茶|Oolong Tea'), emoji: 'teacup-without-handle', brands: bis('安溪|Anxi;武夷山|Wuyishan;凤凰单丛|Phoenix Dancong'), specs: [TEA_PACK], price: [98, 1580], items: items('清香铁观音|Fragrant Tieguanyin@0#98-398;浓香铁观音|Roasted Tieguanyin@0#128-468;大红袍岩茶|Da Hong Pao Rock Tea@1#198-1580;肉桂岩茶|Rougui Rock Tea@1#268-980;鸭屎香单丛|Yashixiang Dancong@2#128-498;蜜兰香单丛|Milan Xiang Dancong@2#168-598') },
          { name: bi('咖啡|Coffee'), emoji: 'hot-beverage', brands: bis('三顿半|Saturnbird;隅田川|Sumida River;云南小粒|Yunnan Arabica'), items: items('冻干速溶咖啡 24 颗|Freeze-dried Instant Coffee, 24 cups@0#99-169;超即溶精品咖啡 8 颗|Specialty Instant Coffee, 8 cups@0#39-59;挂耳咖啡 50 片|Drip-bag Coffee, 50 bags@1#79-129;冷萃咖啡液|Cold Brew Concentrate@1#49-89;中深烘咖啡豆 500g|Medium-dark Roast Beans 500 g@2#69-129'), specs: [PACK], price: [39, 169] },
        ],
      },
      {
        name: bi('粮油调味|Rice, Oil & Seasoning'),
        children: [
          { name: bi('大米|Rice'), emoji: 'sheaf-of-rice', brands: bis('五常|Wuchang;福临门|Fortune;十月稻田|Shiyue Daotian'), items: items('五常稻花香大米|Wuchang Daohuaxiang Rice@0,2#59-199;东北珍珠米|Northeast Pearl Rice@1,2#39-99;泰国茉莉香米|Thai Jasmine Rice@1#49-129!cooked-rice;有机胚芽米|Organic Germ Rice@2#59-149!cooked-rice'), specs: [RICE_KG], price: [39, 199] },
          { name: bi('调味品|Condiments'), emoji: 'salt', brands: bis('海天|Haitian;李锦记|Lee Kum Kee;千禾|Qianhe'), items: items('特级生抽酱油|Premium Light Soy Sauce;零添加酱油|Zero-additive Soy Sauce@2;老抽王酱油|Dark Soy Sauce@0,1;旧庄蚝油|Oyster Sauce@1'), specs: [dim('规格|Size', '500ml|500 ml;1L|1 L;1.9L|1.9 L', 800)], price: [9, 39] },
        ],
      },
    ],
  },
  {
    name: bi('图书文娱|Books & Media'),
    icon: 'books',
    pitch: bis('正版图书，品质保证|Genuine editions;名家推荐|Recommended by renowned authors;精美装帧|Beautiful binding;正版授权，即买即用|Licensed, ready to use at once'),
    children: [
      {
        name: bi('图书|Books'),
        children: [
          { name: bi('小说|Fiction'), emoji: 'closed-book', brands: bis('人民文学出版社|People’s Literature;重庆出版社|Chongqing Publishing;作家出版社|Writers Publishing;北京十月文艺|October Arts'), specs: [EDITION], price: [29, 168], items: items('红楼梦|Dream of the Red Chamber@0#49-168!books;围城|Fortress Besieged@0#29-59;三体全集|The Three-Body Trilogy@1#69-168!books;活着|To Live@2#25-45!orange-book;平凡的世界|Ordinary World@3#79-128!green-book') },
          { name: bi('历史|History'), emoji: 'scroll', brands: bis('中华书局|Zhonghua Book Company;三联书店|SDX Joint;浙江人民出版社|Zhejiang People’s'), specs: [EDITION], price: [39, 398], items: items('史记|Records of the Grand Historian@0#99-398;资治通鉴|Comprehensive Mirror in Aid of Governance@0#168-398!books;万历十五年|1587, A Year of No Significance@1#39-68!blue-book;明朝那些事儿|Those Things of the Ming Dynasty@2#99-268!books') },
          { name: bi('童书|Children’s Books'), emoji: 'open-book', brands: bis('少年儿童出版社|Juvenile & Children’s;贵州人民出版社|Guizhou People’s;接力出版社|Jieli Press'), specs: [EDITION], price: [19, 268], items: items('十万个为什么|One Hundred Thousand Whys@0#68-198;神奇校车|The Magic School Bus@1#99-268;儿童百科全书|Children’s Encyclopedia@2#59-168;鸡皮疙瘩|Goosebumps@2#19-49!green-book') },
        ],
      },
      {
        name: bi('文具|Stationery'),
        children: [
          { name: bi('笔|Pens'), emoji: 'pen', brands: bis('晨光|M&G;英雄|Hero;百乐|Pilot'), items: items('中性笔 12 支|Gel Pens, 12 pcs@0#12-29;马克笔套装|Marker Pen Set@0#29-99!crayon;616 钢笔|616 Fountain Pen@1#19-49!fountain-pen;100 型金笔|Model 100 Gold-nib Fountain Pen@1#198-498!fountain-pen;Juice 果汁笔|Juice Gel Pens@2#39-89;Kakuno 入门钢笔|Kakuno Fountain Pen@2#59-99!fountain-pen'), specs: [dim('颜色|Color', '黑色|Black;蓝色|Blue;红色|Red')], price: [12, 498] },
          { name: bi('笔记本|Notebooks'), emoji: 'notebook', brands: bis('国誉|KOKUYO;得力|Deli;故宫文创|Palace Museum'), items: items('A5 线圈笔记本|A5 Spiral Notebook@0,1#12-29;活页本|Loose-leaf Binder@0,1#19-49;皮面手账本|Leather Journal@0,2#49-129!notebook-with-decorative-cover;国风烫金笔记本|Gilded Chinese-style Notebook@2#59-168!notebook-with-decorative-cover'), specs: [SET], price: [12, 168] },
        ],
      },
      {
        name: bi('数字服务|Digital Services'),
        children: [
          { name: bi('电子书会员|E-book Memberships'), emoji: 'open-book', brands: bis('微信读书|WeRead;掌阅|iReader;京东读书|JD Read'), items: items('付费会员卡|Paid Membership Card#19-19;有声书会员|Audiobook Membership#18-25!headphone;电子书畅读卡|Unlimited E-book Card#12-30'), specs: [TERM], price: [12, 30], mold: 1 },
          { name: bi('影音会员|Streaming Memberships'), emoji: 'clapper-board', brands: bis('腾讯视频|Tencent Video;爱奇艺|iQIYI;QQ音乐|QQ Music'), items: items('VIP 会员|VIP Membership@0#25-30;SVIP 超级影视会员|SVIP Membership@0#30-35;黄金 VIP 会员|Gold VIP Membership@1#25-30;星钻 VIP 会员|Diamond VIP Membership@1#40-45;豪华绿钻会员|Premium Green Diamond Membership@2#18-20!musical-notes'), specs: [TERM], price: [18, 45], mold: 1 },
        ],
      },
    ],
  },
  {
    name: bi('运动户外|Sports & Outdoors'),
    icon: 'tent',
    pitch: bis('专业装备，安全可靠|Professional, dependable gear;轻量便携|Light and portable;防水耐磨|Waterproof and hard-wearing;运动达人推荐|Recommended by athletes'),
    children: [
      {
        name: bi('健身训练|Fitness'),
        children: [
          { name: bi('瑜伽垫|Yoga Mats'), emoji: 'lotus', brands: bis('Keep|Keep;李宁|Li-Ning;迪卡侬|Decathlon'), items: items('TPE 防滑瑜伽垫|TPE Non-slip Yoga Mat#69-149;天然橡胶瑜伽垫|Natural Rubber Yoga Mat#199-499;加厚健身垫|Thick Exercise Mat#59-129;折叠旅行瑜伽垫|Foldable Travel Yoga Mat#99-199'), specs: [COLOR], price: [59, 499] },
          { name: bi('力量训练|Strength Training'), emoji: 'flexed-biceps', brands: bis('Keep|Keep;迪卡侬|Decathlon;舒华|SHUA'), items: items('可调节哑铃|Adjustable Dumbbells#299-1299;包胶哑铃|Rubber-coated Dumbbells#69-299;壶铃|Kettlebell#79-299;弹力带套装|Resistance Band Set#39-99'), specs: [WEIGHT_KG], price: [39, 1299] },
        ],
      },
      {
        name: bi('户外装备|Outdoor Gear'),
        children: [
          { name: bi('露营装备|Camping Gear'), emoji: 'tent', brands: bis('牧高笛|MOBI GARDEN;挪客|Naturehike;骆驼|CAMEL'), items: items('自动速开帐篷|Instant Pop-up Tent#299-699;双层防雨帐篷|Double-wall Rain Tent#499-1599;天幕|Camping Tarp#199-599!camping;折叠露营推车|Folding Camping Wagon#199-399'), specs: [COLOR], price: [199, 1599] },
          { name: bi('徒步登山|Hiking Gear'), emoji: 'hiking-boot', brands: bis('黑钻|Black Diamond;挪客|Naturehike;凯乐石|KAILAS'), items: items('碳素登山杖|Carbon Trekking Poles#199-899!snow-capped-mountain;铝合金折叠登山杖|Aluminium Folding Trekking Poles#89-299!snow-capped-mountain;户外头灯|Outdoor Headlamp#99-399!flashlight;登山背包 40L|Hiking Backpack 40L#299-999!backpack;防水徒步鞋|Waterproof Hiking Boots@1,2#399-999'), specs: [COLOR], price: [89, 999] },
        ],
      },
    ],
  },
];
