// Water objects: water-object state control (indicators), water systems and their yearly conclusions.
import { group, idFilter, int, link, list, ref, searchFilter, text, WATER_SYSTEM_REF, yearField, yearFilter } from './fields.ts'
import { defineType, type FieldDef } from './types.ts'
import { YEARS_REGIONAL } from './years.ts'

const counted = (name: string, label: string, max: number): FieldDef => int(name, label, 'шт.', { seed: { min: 1, max } })

export const waterIndicators = defineType({
  slug: 'ecomon-water-indicators',
  table: 'ecomon_water_indicators',
  title: 'Контроль состояния основных водных объектов ЯНАО',
  itemTitle: '{name}',
  origin: 'generated',
  fields: [
    ...group('Общие сведения', [
      text('name', 'Наименование', { required: true }),
      yearField(),
      counted('water_resource_total', 'Обследовано водных объектов', 30),
    ]),
    ...group('Пункты наблюдения', [
      counted('measure_points_total', 'Пунктов наблюдения, всего', 120),
      counted('measure_points_surface_water', 'Пунктов отбора поверхностных вод', 60),
      counted('measure_points_sediment_layers', 'Пунктов отбора донных отложений', 60),
    ]),
    ...group('Пробы', [
      counted('samples_total', 'Проб, всего', 600),
      counted('samples_surface_water_geochemistry', 'Поверхностные воды: геохимия', 200),
      counted('samples_sediment_layers_geochemistry', 'Донные отложения: геохимия', 200),
      counted('samples_surface_water_radiation', 'Поверхностные воды: радиация', 50),
      counted('samples_sediment_layers_radiation', 'Донные отложения: радиация', 50),
      counted('samples_surface_water_biotesting', 'Поверхностные воды: биотестирование', 50),
      counted('samples_sediment_layers_biotesting', 'Донные отложения: биотестирование', 50),
    ]),
  ],
  filters: [yearFilter(), searchFilter()],
  order: [['year', 'desc']],
  // catalogue.md §2.4: the page is 'Региональный мониторинг 2020-2025 годы', its list headed by the type's title.
  pages: { list: '/water-indicators', listTitle: 'Региональный мониторинг 2020-2025 годы', detail: '/water-indicators' },
  seed: { per: 'none', rows: YEARS_REGIONAL.map((year) => ({ name: `Контроль состояния основных водных объектов ЯНАО в ${year} году`, year })) },
})

export const waterSystems = defineType({
  slug: 'water-systems',
  table: 'water_systems',
  title: 'Системы наблюдений за водными объектами',
  itemTitle: '{name}',
  origin: 'generated',
  fields: [
    text('name', 'Наименование', { required: true }),
    int('founded', 'Год создания', undefined, { seed: { min: 2010, max: 2021 } }),
    text('purpose', 'Цели', { seed: { pick: ['Контроль качества поверхностных вод основных рек округа и оценка трансграничного переноса загрязняющих веществ.'] } }),
    text('tasks', 'Задачи', { seed: { pick: ['Регулярный отбор проб воды и донных отложений; оценка индекса загрязнения вод; выявление источников негативного воздействия.'] } }),
    list('water_resources', 'Контролируемые водные объекты', { seed: { pick: ['р. Обь', 'р. Надым', 'р. Пур', 'р. Таз', 'р. Полуй', 'Обская губа', 'Тазовская губа'] } }),
    link('map', 'Обзорная карта'),
    // The points on the water bodies the system controls (water_resources names them).
    list('measures_points', 'Пункты наблюдения', {
      related: {
        table: 'measures_points',
        embed: ['id', 'nomenclature', 'name', 'kind'],
        where: 'r.water_resource_id IN (SELECT wr.id FROM water_resources wr WHERE wr.name = ANY(t.water_resources))',
        order: 'nomenclature',
      },
    }),
  ],
  filters: [searchFilter()],
  order: [['name', 'asc']],
  pages: { list: '/water-systems', detail: '/water-systems' },
  // Placed by the points on the water bodies it controls, as its list of points.
  geometry: { kind: 'points', where: 'p.water_resource_id IN (SELECT wr.id FROM water_resources wr WHERE wr.name = ANY(t.water_resources))' },
  seed: {
    per: 'none',
    rows: [
      { name: 'Система наблюдений бассейна р. Обь' },
      { name: 'Система наблюдений бассейна р. Пур' },
      { name: 'Система наблюдений бассейна р. Таз' },
      { name: 'Система наблюдений бассейна р. Надым' },
    ],
  },
})

export const waterSystemConclusions = defineType({
  slug: 'water-systems-conclusions',
  table: 'water_system_conclusions',
  title: 'Основные ежегодные выводы',
  itemTitle: 'Основные ежегодные выводы о состоянии основных водных объектов {year}',
  origin: 'generated',
  fields: [
    yearField(),
    ref('water_system', 'Система наблюдений', WATER_SYSTEM_REF, { required: true }),
    text('conclusions', 'Основные выводы', { seed: { pick: ['Качество воды соответствует классу «умеренно загрязнённая»; превышения ПДК по железу и марганцу носят природный характер.', 'Отмечено снижение содержания нефтепродуктов по сравнению с предыдущим годом.'] } }),
    text('suggestions', 'Предложения по обследованию потенциальных источников негативного воздействия', { seed: { pick: ['Обследовать выпуски сточных вод населённых пунктов в нижнем течении.', 'Провести обследование переходов трубопроводов через малые водотоки.'] } }),
    link('map', 'Карта'),
  ],
  filters: [idFilter('water_system'), yearFilter()],
  order: [['year', 'desc']],
  pages: { detail: '/water-system-conclusions', scoped: [{ parent: 'water_system', suffix: 'conclusions', filter: 'water_system' }] },
  seed: { per: 'water_system', years: YEARS_REGIONAL },
})

export const waterTypes = [waterIndicators, waterSystems, waterSystemConclusions]
