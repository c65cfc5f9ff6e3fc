/**
 * Construction and procurement words the semantic vectors must know, whatever their frequency
 * in general English. The embeddings build keeps these beside the words of the CPV labels, our
 * category names and the most frequent words of the model (embeddings.build.ts).
 */
export const DOMAIN_VOCABULARY = `
aggregate aggregates asphalt tarmac bitumen macadam kerb kerbs paving paver pavers flagstone setts gravel ballast sand
cement concrete screed mortar grout render plaster plasterboard drylining gypsum lime ready-mix precast prestressed
rebar reinforcement mesh formwork shuttering falsework scaffold scaffolding hoarding propping
steel steelwork steelworks beam beams column columns girder girders joist joists purlin purlins lintel lintels decking
fabrication fabricator welding weld bolts fasteners fixings anchors brackets cladding sheeting roofing slate slates tiles
membrane felt flashing gutter guttering downpipe fascia soffit insulation thermal acoustic mineral wool polystyrene
timber lumber joinery carpentry plywood osb chipboard mdf hardwood softwood glulam truss trusses studwork batten battens
brick bricks brickwork blockwork masonry stone stonework bricklaying blocks breeze lintel
excavation excavator excavators earthworks earthmoving groundworks civils demolition piling piles foundations footing
trench trenching drainage drain drains sewer sewers culvert manhole manholes gully pipe pipes pipework duct ducting
ductwork plumbing heating boiler boilers radiator radiators hvac ventilation air-conditioning chiller pump pumps valve valves
electrical electrician wiring cable cables cabling switchgear lighting luminaires luminaire lamp lamps transformer
generator generators solar photovoltaic battery metering sprinkler sprinklers fire alarm alarms cctv security
crane cranes hoist hoists forklift telehandler dumper dumpers roller rollers compactor compaction plant hire
cabin cabins welfare portable toilets skip skips waste asbestos remediation contamination landfill recycling
road roads highway highways carriageway footway footpath resurfacing surfacing patching pothole potholes gritting
bridge bridges tunnel tunnels retaining wall walls embankment railway rail track sleepers platform
building buildings construction refurbishment renovation repair repairs maintenance extension extensions fit-out
housing dwellings flats residential commercial industrial warehouse school schools hospital clinic office offices
architect architects architectural surveyor surveying surveyors structural engineer engineers engineering design
consultancy consultant project management supervision inspection inspections cdm principal quantity estimating
window windows door doors glazing glass curtain facade partitions ceilings ceiling flooring floor floors carpet vinyl
painting decorating decoration paint coatings sealant sealants adhesive adhesives waterproofing damp-proof
ironmongery locks hinges handles tools drills saws hand power ppe helmets gloves boots harness
landscaping fencing fence fences gates railings playground grounds turf topsoil trees planting
lift lifts elevator escalator access ramp ramps stair stairs staircase balustrade handrail
energy efficiency retrofit heat pumps insulation boilers decarbonisation
sustainable sustainability carbon certified certification accredited iso chas constructionline bs en ce
tonnes tonne metres square cubic litres units pallet pallets delivery deliveries haulage transport logistics
`;

export const domainWords = (): string[] => [...new Set(DOMAIN_VOCABULARY.split(/\s+/).filter(Boolean))];
