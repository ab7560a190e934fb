"""The word list of join codes: short, distinct, everyday English words that are easy to say aloud.

Written for this app (no outside list): concrete nouns and a few friendly adjectives, three to
eight letters, no two alike, nothing a player would mind reading out at the table. Pairs that sound
alike when spoken (bean/beam, cedar/cider, marsh/march, ...) keep only one of the two.
"""

from __future__ import annotations

_WORDS = """
    able acorn acrobat actor admiral adobe agent agile alarm album alder algae alley almond
    alpha alpine amber ample anchor angle ankle anthem antler anvil apple apricot april apron
    arbor arch arena aria armor arrow artist aspen atlas atom attic author autumn avenue award
    axle azure badge bagel baker bakery balcony ballad ballet bamboo banana bandit banjo
    banner bark barley barn baron barrel basil basin basket bat baton bay beacon beagle beak
    bean bear bed beech beet bell belt bench beret berry bike birch bird biscuit bison blade
    blanket blaze blender blimp bloom blossom blue board boat bobcat bog bold bolt bonfire
    bonnet book boot bottle boulder bouquet bow bowl box bramble branch brass brave bravo
    bread breeze breezy brick bridge bridle bright brisk brook broom brownie brush bubble
    bucket buckle bud budget buffalo bugle bulb bundle bunker bunny burrow butter button
    buzzard cabbage cabin cable cactus cafe cake calf calm camel camera camp canal canary
    candid candle candy canoe canyon cape captain caravan card cargo carpet carrot cart
    cascade cashew castle cat catnip cave cavern cedar celery cellar cement cereal chair
    chalet chalk channel chapel chariot cheery cheese chef cherry cherub chess chest chick
    chime chimney chin chip choir chorus chowder cinder cinema circle circus citadel citrus
    city clam clarinet clay clever cliff clipper cloak clock cloud cloudy clover clown coach
    coast coat cobalt cobbler cobra cocoa coconut cod coffee cog coin collar comb comet
    compass condor cookie copper coral cord cork corn corner cosmos cosy cottage cotton couch
    cougar cousin cove cow coyote crab cradle crane crater crayon cream creek crest cricket
    crisp crow crown crumb crumpet crystal cube cuckoo cumin cup cupboard cupcake curly
    curtain cushion cycle cymbal dahlia daisy dam dancer dandy dapper dart dawn deep deer
    delta den denim desert desk dew diary dice dinghy dingo dinner dock doctor dodo dog dollar
    dolphin domain domino donkey doodle door dove dragon drizzle drum duck dumpling dune dust
    eager eagle early earth easel easy ebony echo eclair eel egg egret elbow elf elk elm ember
    emblem emerald engine envelope ermine estate fable fabric fair fajita falcon fan fancy
    farm fast feather fence fennel fern ferret ferry festival fiddle field fiesta fig filbert
    fin finch fir fire fish fjord flag flame flannel flask flax fleece fleet flicker flint
    float flower fluffy flurry flute foal fog folder forest forge fork fossil fountain fox
    frame fresco frigate fritter frog frost frosty fruit fudge funnel fuzzy gable gadget
    galaxy galleon gallery galley gamma gap garden garland garlic garnet gate gazebo gazelle
    gecko gem gentle geyser gherkin giant giddy ginger gingko giraffe glacier glad glade glass
    glider globe glove gnome goat goblet goblin gold golden gondola goose gopher gorge gourd
    grain grand granite granny granola grape grass gravel gravy griffin grotto grove guitar
    gull gum gusto haddock hail halo hamlet hammer hammock hamster happy harbor hardy harness
    harp harpoon harvest hasty hat hatchet haven hawk hay hazel heart hearty heather hedge
    helix helmet hen herb hermit heron hickory hiker hill hippo hive hockey holly honest honey
    honeybee hood hoof hook hopper horn hornet horse hotel house hubcap humble hummus husky
    hut hyena ibis ice iceberg icicle icing igloo impala inch index ink inlet iris iron island
    ivory ivy jackal jacket jade jaguar jam jar jasmine jaw jeans jelly jester jet jetty jewel
    jigsaw jockey jolly jonquil journey jug juggler july june jungle juniper kale kangaroo
    kappa kayak kebab keen kelp kernel kestrel kettle key kiln kind kingdom kingfish kipper
    kit kite kitten kiwi knot koala ladder ladle ladybug lagoon lake lamb lamp lantern larch
    lark lasso latch laurel lava lawn leaf ledge legend lemon lemur lens lentil leopard letter
    lettuce lever lichen lid lilac lily lime limerick limpet linen linnet lion lively lizard
    llama lobby lobster locket locust lodge loft lofty log lotus loyal lucky lullaby lute lynx
    macaw magnet mammoth mandolin mango mangrove manor mantle map maple marble marigold marina
    market marlin marmot marsh marzipan mask mason mayor meadow medal medley meerkat mellow
    melody melon menu merry meteor mica mighty mill mimosa minnow minstrel mint mirror misty
    mitten moat mocha modest molar mole monkey monsoon moon moose mop mortar mosaic moss motor
    mouse muesli muffin mug mule mural museum mushroom muslin mussel mustard nail nap napkin
    narwhal nebula nectar needle nest nettle newt nib nickel nimbus noble nomad noodle north
    nougat nova nugget nutmeg oak oar oasis oatmeal oboe ocean ocelot octopus olive omega
    omelet onion onyx opal oracle orange orbit orca orchard orchid organ oriole osprey otter
    outpost owl oyster paddle page pagoda paint paisley palace palm pancake panda panpipe
    panther papaya paper paprika parade parka parrot parsley parsnip pasta pastry pasture path
    peach peacock peanut pear pearl pebble pecan pelican pelt pen pencil penguin peony pepper
    perch petal pewter pheasant piano piccolo pickax pickle picnic pie pier pigeon pigment
    pilgrim pillow pilot pine pinecone pinwheel pipe pirate piston pixie pizza planet plank
    plate plaza plover plow plucky plum plume pocket pod poem polite polka pollen poncho pond
    pony poodle poppy porch porridge possum potato pottery prairie prawn pretzel primrose
    prism proud pudding puffin pulley pumpkin pup puppet puppy python quail quarry quartz
    quasar quick quiet quill quilt quince quiver quokka rabbit raccoon radar radiant radio
    radish raft rafter rain raisin rake ramp rampart ranch rapid raptor raven ravine ready
    recipe reed reef reindeer relic rhino rhubarb rib ribbon rice riddle ridge ringlet river
    rivet road robin robot rocket rocky rod rodeo roof rooster rope rose rosy rover rowboat
    royal ruby rudder rug ruler rustic saber saddle saffron sage sail salad salami salmon
    salsa salt sand sandal sap sapphire sardine sash satchel satin saucer scallop scarf school
    scroll sculpt seal seed sentry sequoia shamrock shawl sheep shelf shell sherbet shiny ship
    shore shovel shrimp shutter siesta sigma silent silk silo silver simple sketch ski skipper
    skylark slate sled sleek sleigh slipper slope sloth smelt smooth snail snapper snow snowy
    snug soap sock sod sofa sonar sonnet sorbet sorrel soup spaniel sparrow spice spider
    spinach spindle spinner spire sponge spoon spring sprite sprocket sprout spruce squash
    squid squire squirrel stable stag stallion stamp star starling statue steam stellar stone
    stool stork storm stove straw stream street string sturdy sugar sumac summer summit sun
    sundial sunny sunrise sunset super swallow swan sweater swift swing tabby table tablet
    taco tadpole taffy tail talon tamarind tandem tangle tango tapestry tapir tartan tavern
    teacup teal teapot tempo tern theta thimble thistle thunder thyme tiara tidy tiger timber
    tinker tinsel tiny toad toast toffee tofu tomato tonic topaz topiary torch tornado toucan
    tower toy track tractor trail train trawler tree trellis trinket tripod trolley trombone
    trout truck truffle trumpet trusty tub tugboat tulip tuna tundra tunnel turbine turkey
    turnip turtle tusk tuxedo tweed twig twilight ukulele umbrella unicorn unit upland urchin
    urn valley valve van vanilla vapor vase velcro velvet veranda verbena vesper viking
    village vine viola violin vista vivid vixen volcano voyage vulture wafer waffle wagon
    walkway walnut walrus waltz wand warbler warm wasabi wasp wave wax weasel web welder whale
    wharf wheat wheel whisk whistle wicker wicket widget willow windmill window wing winter
    wise witty wizard wok wolf wombat woodland wool wren yacht yak yam yarn yeti yew yodel
    yogurt yonder young yucca zebra zenith zephyr zesty zigzag zinc zipper zither
"""

#: Every word a join code may use, sorted; codes pick from it with the ``secrets`` module.
WORDS: tuple[str, ...] = tuple(sorted(set(_WORDS.split())))

#: The same words as a set, for checking what a player typed.
WORD_SET: frozenset[str] = frozenset(WORDS)
