// The platform's specification names in English. SKU properties are stored in Chinese
// ('颜色:曜石黑;存储容量:12GB+256GB') and a SKU's name_en carries only the English values
// ('Obsidian Black / 12GB+256GB'), so the names come from this vocabulary; a name not listed
// stays in Chinese (the language fallback).
export const SPEC_NAMES_EN: Record<string, string> = {
  颜色: 'Color',
  存储容量: 'Storage',
  尺码: 'Size',
  鞋码: 'Shoe size',
  规格: 'Pack',
  容量: 'Volume',
  版本: 'Edition',
  套装: 'Set',
  花色: 'Pattern',
  尺寸: 'Size',
  功率: 'Power',
  配置: 'Configuration',
  重量: 'Weight',
  时长: 'Term',
  口味: 'Flavour',
  型号: 'Model',
  款式: 'Style',
};
