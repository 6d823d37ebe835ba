import type { AgeBand, CatalogueGift, Occasion, Relationship } from "./gift-types";

/**
 * The built-in gift catalogue: ideas tagged by interests, age bands, relationships, occasions and
 * a typical price range in USD, with the kinds of shops to look in. Pure data; no links.
 */

const ALL_AGES: readonly AgeBand[] = ["child", "teen", "adult", "senior"];
const GROWN: readonly AgeBand[] = ["teen", "adult", "senior"];
const ADULT: readonly AgeBand[] = ["adult", "senior"];
const KIDS: readonly AgeBand[] = ["child"];
const YOUNG: readonly AgeBand[] = ["child", "teen"];
const ALL_RELATIONSHIPS: readonly Relationship[] = ["family", "friend", "colleague", "significant_other", "other"];
const CLOSE: readonly Relationship[] = ["family", "friend", "significant_other", "other"];
const ROMANTIC: readonly Relationship[] = ["significant_other"];
const ALL_OCCASIONS: readonly Occasion[] = ["birthday", "christmas", "anniversary", "graduation", "wedding", "other"];
const CELEBRATION: readonly Occasion[] = ["birthday", "christmas", "anniversary", "graduation", "other"];
const COUPLE: readonly Occasion[] = ["anniversary", "wedding", "christmas", "birthday", "other"];

const KITCHEN = "kitchen and home stores";
const DEPT = "department stores";
const BOOKS = "bookshops";
const MUSIC = "music shops";
const ELEC = "electronics retailers";
const OUTDOOR = "outdoor and camping shops";
const SPORT = "sporting goods stores";
const GARDEN = "garden centres";
const CRAFT = "art and craft supply shops";
const TOYS = "toy shops";
const GAMES = "game shops";
const JEWEL = "jewellers";
const BEAUTY = "beauty and cosmetics shops";
const WINE = "wine merchants";
const PET = "pet stores";
const HARDWARE = "hardware stores";
const TRAVEL = "travel agencies";
const LOCAL = "local experience providers";
const ONLINE = "online marketplaces";
const BOUTIQUE = "independent boutiques";
const CAMERA = "camera shops";
const BIKE = "bike shops";
const GOLF = "golf pro shops";
const STATIONERY = "stationery shops";
const FASHION = "clothing stores";
const FURNITURE = "furniture stores";
const DEALER = "specialist dealers";

interface Options {
  ages?: readonly AgeBand[];
  relationships?: readonly Relationship[];
  occasions?: readonly Occasion[];
  brands?: readonly string[];
}

let counter = 0;
function g(name: string, category: string, interests: readonly string[], low: number, high: number, where: readonly string[], options: Options = {}): CatalogueGift {
  counter += 1;
  return {
    id: `gift-${String(counter).padStart(3, "0")}`,
    name,
    category,
    interests,
    brands: options.brands ?? [],
    ages: options.ages ?? GROWN,
    relationships: options.relationships ?? ALL_RELATIONSHIPS,
    occasions: options.occasions ?? ALL_OCCASIONS,
    low,
    high,
    where,
  };
}

export const GIFT_CATALOGUE: readonly CatalogueGift[] = [
  // Cooking and baking
  g("Chef's knife", "kitchen", ["cooking", "food"], 40, 180, [KITCHEN, DEPT], { ages: ADULT }),
  g("Enamelled cast-iron Dutch oven", "kitchen", ["cooking", "baking", "food"], 80, 420, [KITCHEN, DEPT], { ages: ADULT, brands: ["Le Creuset", "Staub"] }),
  g("Stand mixer", "kitchen", ["baking", "cooking"], 250, 650, [KITCHEN, ELEC, DEPT], { ages: ADULT, brands: ["KitchenAid", "Kenwood"] }),
  g("Cookbook from a favourite cuisine", "kitchen", ["cooking", "food", "reading"], 15, 45, [BOOKS, KITCHEN]),
  g("Spice collection sampler", "kitchen", ["cooking", "food"], 18, 60, [KITCHEN, ONLINE, BOUTIQUE]),
  g("Pasta maker", "kitchen", ["cooking", "food"], 35, 120, [KITCHEN, DEPT], { brands: ["Marcato"] }),
  g("Cooking class for two", "experience", ["cooking", "food"], 80, 250, [LOCAL], { ages: ADULT, occasions: COUPLE }),
  g("Personalised apron", "kitchen", ["cooking", "baking", "barbecue"], 15, 40, [BOUTIQUE, ONLINE]),
  g("Sourdough baking kit", "kitchen", ["baking", "cooking"], 25, 70, [KITCHEN, ONLINE]),
  g("High-speed blender", "kitchen", ["cooking", "fitness", "health"], 90, 600, [KITCHEN, ELEC], { ages: ADULT, brands: ["Vitamix", "Ninja"] }),
  g("Pizza oven for the garden", "kitchen", ["cooking", "barbecue", "outdoors"], 250, 900, [KITCHEN, GARDEN, DEPT], { ages: ADULT, brands: ["Ooni"] }),
  g("Pellet smoker grill", "kitchen", ["barbecue", "cooking"], 500, 1800, [HARDWARE, GARDEN], { ages: ADULT, brands: ["Traeger", "Weber"] }),
  g("Instant-read meat thermometer", "kitchen", ["barbecue", "cooking"], 15, 100, [KITCHEN, HARDWARE], { ages: ADULT }),
  g("Professional kitchen range", "kitchen", ["cooking", "food"], 5000, 15000, [KITCHEN, DEALER], { ages: ADULT, relationships: ["family", "significant_other"] }),
  // Coffee and tea
  g("Specialty coffee subscription", "coffee", ["coffee"], 30, 120, [ONLINE, BOUTIQUE], { ages: ADULT }),
  g("Pour-over coffee set", "coffee", ["coffee"], 30, 90, [KITCHEN, BOUTIQUE], { ages: ADULT, brands: ["Hario", "Chemex"] }),
  g("Espresso machine", "coffee", ["coffee"], 200, 1500, [KITCHEN, ELEC], { ages: ADULT, brands: ["Breville", "De'Longhi", "Nespresso"] }),
  g("Insulated travel mug", "coffee", ["coffee", "tea", "travel", "outdoors"], 15, 45, [OUTDOOR, KITCHEN, DEPT], { brands: ["Yeti", "Stanley", "Contigo"] }),
  g("Loose-leaf tea sampler", "tea", ["tea"], 15, 60, [BOUTIQUE, ONLINE], { ages: GROWN }),
  g("Cast-iron teapot", "tea", ["tea"], 30, 110, [KITCHEN, BOUTIQUE], { ages: ADULT }),
  g("Coffee grinder", "coffee", ["coffee"], 40, 350, [KITCHEN, ELEC], { ages: ADULT, brands: ["Baratza", "Fellow"] }),
  // Books and reading
  g("E-reader", "reading", ["reading", "books", "travel"], 100, 280, [ELEC, BOOKS], { brands: ["Kindle", "Kobo", "Amazon"] }),
  g("Book subscription box", "reading", ["reading", "books"], 20, 50, [BOOKS, ONLINE]),
  g("Signed first edition of a favourite author", "reading", ["reading", "books", "collecting"], 100, 2000, [BOOKS, DEALER], { ages: ADULT }),
  g("Rare book collection", "reading", ["reading", "books", "collecting", "history"], 3000, 20000, [DEALER], { ages: ADULT, relationships: CLOSE }),
  g("Book light", "reading", ["reading", "books"], 10, 25, [BOOKS, ELEC]),
  g("Bestselling novel in hardback", "reading", ["reading", "books"], 15, 35, [BOOKS]),
  g("Bookends", "reading", ["reading", "books", "home"], 18, 70, [BOUTIQUE, FURNITURE]),
  g("Audiobook subscription", "reading", ["reading", "books", "travel", "running"], 15, 90, [ONLINE], { brands: ["Audible"] }),
  g("Reading chair", "home", ["reading", "books", "home"], 300, 1500, [FURNITURE], { ages: ADULT, relationships: ["family", "significant_other"] }),
  g("Children's illustrated book set", "reading", ["reading", "books", "stories"], 15, 60, [BOOKS], { ages: KIDS }),
  // Music
  g("Bluetooth speaker", "audio", ["music", "technology", "outdoors"], 40, 300, [ELEC], { brands: ["JBL", "Bose", "Sonos", "Ultimate Ears"] }),
  g("Noise-cancelling headphones", "audio", ["music", "travel", "technology"], 150, 450, [ELEC], { brands: ["Sony", "Bose", "Apple"] }),
  g("Vinyl record of a favourite album", "music", ["music", "vinyl", "collecting"], 20, 50, [MUSIC]),
  g("Record player", "music", ["music", "vinyl"], 100, 600, [MUSIC, ELEC], { ages: GROWN, brands: ["Audio-Technica", "Rega"] }),
  g("Concert tickets", "experience", ["music", "concerts"], 60, 400, [LOCAL, ONLINE], { ages: GROWN }),
  g("Ukulele", "music", ["music", "guitar"], 35, 150, [MUSIC]),
  g("Acoustic guitar", "music", ["music", "guitar"], 150, 1200, [MUSIC], { brands: ["Yamaha", "Taylor", "Martin", "Fender"] }),
  g("Guitar accessories kit", "music", ["music", "guitar"], 15, 45, [MUSIC]),
  g("Digital piano", "music", ["music", "piano"], 500, 3000, [MUSIC, ELEC], { brands: ["Yamaha", "Roland", "Casio"] }),
  g("Grand piano", "music", ["music", "piano"], 8000, 60000, [MUSIC, DEALER], { relationships: ["family", "significant_other"] }),
  g("Music lessons package", "experience", ["music", "guitar", "piano", "singing"], 100, 500, [LOCAL, MUSIC]),
  g("High-end hi-fi system", "audio", ["music", "vinyl", "technology"], 5000, 25000, [ELEC, DEALER], { ages: ADULT, relationships: CLOSE }),
  g("Kids' musical instrument set", "music", ["music"], 20, 60, [TOYS, MUSIC], { ages: KIDS }),
  g("Wireless earbuds", "audio", ["music", "technology", "running", "fitness"], 50, 280, [ELEC], { brands: ["Apple", "Sony", "Samsung", "Beats"] }),
  // Gaming and technology
  g("Video game console", "gaming", ["gaming", "video games", "technology"], 300, 550, [ELEC, GAMES], { ages: ALL_AGES, brands: ["Nintendo", "PlayStation", "Sony", "Xbox", "Microsoft"] }),
  g("Popular video game", "gaming", ["gaming", "video games"], 20, 70, [GAMES, ELEC], { ages: ALL_AGES, brands: ["Nintendo", "PlayStation", "Xbox"] }),
  g("Gaming headset", "gaming", ["gaming", "video games", "technology"], 50, 250, [ELEC, GAMES], { brands: ["SteelSeries", "Razer", "Logitech", "HyperX"] }),
  g("Mechanical keyboard", "technology", ["gaming", "technology", "programming", "computers"], 60, 250, [ELEC], { brands: ["Logitech", "Keychron", "Razer"] }),
  g("Gaming gift card", "gaming", ["gaming", "video games"], 10, 100, [GAMES, ELEC, ONLINE], { ages: ALL_AGES, brands: ["Steam", "Nintendo", "PlayStation", "Xbox"] }),
  g("Handheld gaming PC", "gaming", ["gaming", "video games", "technology"], 400, 800, [ELEC, GAMES], { brands: ["Steam", "Valve", "ASUS"] }),
  g("High-end gaming PC", "gaming", ["gaming", "video games", "computers", "technology"], 1500, 5000, [ELEC], { brands: ["Alienware", "ASUS", "MSI"] }),
  g("VR headset", "gaming", ["gaming", "technology", "virtual reality"], 300, 3500, [ELEC], { brands: ["Meta", "Apple", "PlayStation"] }),
  g("Tablet", "technology", ["technology", "reading", "drawing", "movies"], 150, 1200, [ELEC], { ages: ALL_AGES, brands: ["Apple", "Samsung", "Amazon"] }),
  g("Smartwatch", "technology", ["technology", "fitness", "running"], 200, 800, [ELEC], { brands: ["Apple", "Samsung", "Garmin"] }),
  g("Smart home starter kit", "technology", ["technology", "home", "gadgets"], 50, 250, [ELEC], { ages: ADULT, brands: ["Google", "Amazon", "Philips Hue"] }),
  g("Phone charging stand", "technology", ["technology", "gadgets"], 20, 130, [ELEC], { brands: ["Anker", "Belkin", "Apple"] }),
  g("Portable power bank", "technology", ["technology", "travel", "gadgets"], 20, 80, [ELEC], { brands: ["Anker"] }),
  g("Laptop", "technology", ["technology", "computers", "programming", "studying"], 600, 3000, [ELEC], { brands: ["Apple", "Dell", "Lenovo", "HP"], relationships: CLOSE }),
  g("Programming book bundle", "reading", ["programming", "computers", "technology"], 30, 120, [BOOKS, ONLINE]),
  g("Coding robot kit", "toys", ["technology", "programming", "science", "robots"], 40, 200, [TOYS, ELEC], { ages: YOUNG, brands: ["Lego", "Sphero"] }),
  g("Drone with camera", "technology", ["technology", "photography", "gadgets"], 300, 2000, [ELEC, CAMERA], { brands: ["DJI"] }),
  g("Retro handheld console", "gaming", ["gaming", "video games", "retro"], 50, 150, [GAMES, ONLINE]),
  // Photography and film
  g("Instant camera", "photography", ["photography", "art"], 60, 150, [CAMERA, ELEC], { ages: ALL_AGES, brands: ["Fujifilm", "Polaroid", "Instax"] }),
  g("Mirrorless camera", "photography", ["photography", "travel"], 700, 3000, [CAMERA, ELEC], { brands: ["Sony", "Canon", "Nikon", "Fujifilm"] }),
  g("Professional camera and lens kit", "photography", ["photography"], 5000, 15000, [CAMERA, DEALER], { ages: ADULT, brands: ["Leica", "Canon", "Nikon", "Sony"], relationships: CLOSE }),
  g("Camera strap and bag", "photography", ["photography", "travel"], 25, 150, [CAMERA]),
  g("Photo book printing voucher", "photography", ["photography", "family", "memories"], 25, 80, [ONLINE, CAMERA]),
  g("Travel tripod", "photography", ["photography", "travel"], 40, 250, [CAMERA], { brands: ["Manfrotto", "Peak Design"] }),
  g("Photography workshop", "experience", ["photography", "art"], 80, 400, [LOCAL, CAMERA]),
  g("Home projector", "movies", ["movies", "film", "technology"], 150, 1500, [ELEC], { ages: ADULT, brands: ["Epson", "BenQ", "XGIMI"] }),
  g("Movie night hamper", "movies", ["movies", "film", "food"], 25, 60, [DEPT, ONLINE]),
  g("Streaming subscription gift card", "movies", ["movies", "film", "tv"], 15, 100, [ONLINE, ELEC], { brands: ["Netflix", "Disney"] }),
  g("Classic film box set", "movies", ["movies", "film", "collecting"], 25, 90, [ELEC, ONLINE]),
  g("Home cinema system", "movies", ["movies", "film", "music", "technology"], 1500, 6000, [ELEC], { ages: ADULT, brands: ["Sonos", "Sony", "Bose"], relationships: CLOSE }),
  // Outdoors, hiking and camping
  g("Hiking backpack", "outdoors", ["hiking", "outdoors", "travel", "camping"], 60, 250, [OUTDOOR], { brands: ["Osprey", "Deuter", "Patagonia"] }),
  g("Insulated water bottle", "outdoors", ["hiking", "outdoors", "fitness", "running"], 20, 50, [OUTDOOR, SPORT], { ages: ALL_AGES, brands: ["Yeti", "Hydro Flask", "Stanley"] }),
  g("Camping hammock", "outdoors", ["camping", "outdoors", "hiking"], 25, 90, [OUTDOOR]),
  g("Lightweight tent", "outdoors", ["camping", "outdoors", "hiking"], 150, 600, [OUTDOOR], { brands: ["Big Agnes", "MSR", "REI"] }),
  g("Headlamp", "outdoors", ["camping", "hiking", "outdoors", "running"], 20, 70, [OUTDOOR, HARDWARE], { brands: ["Petzl", "Black Diamond"] }),
  g("Rain jacket", "outdoors", ["hiking", "outdoors", "travel"], 100, 400, [OUTDOOR, FASHION], { brands: ["Patagonia", "The North Face", "Arc'teryx"] }),
  g("Camping stove set", "outdoors", ["camping", "outdoors", "cooking"], 40, 150, [OUTDOOR], { brands: ["Jetboil", "MSR"] }),
  g("Trail guidebook and map set", "outdoors", ["hiking", "outdoors", "travel"], 15, 40, [BOOKS, OUTDOOR]),
  g("Binoculars", "outdoors", ["birdwatching", "outdoors", "nature", "hiking"], 60, 600, [OUTDOOR, CAMERA], { brands: ["Nikon", "Swarovski", "Vortex"] }),
  g("Hiking boots", "outdoors", ["hiking", "outdoors"], 120, 300, [OUTDOOR, SPORT], { brands: ["Salomon", "Merrell", "Scarpa"] }),
  g("Kayak", "outdoors", ["kayaking", "water sports", "outdoors"], 400, 2000, [OUTDOOR, SPORT]),
  g("Overlanding roof-top tent", "outdoors", ["camping", "outdoors", "cars", "travel"], 1500, 5000, [OUTDOOR, DEALER], { ages: ADULT }),
  g("Travel trailer or camper van rental", "experience", ["camping", "travel", "outdoors"], 1000, 4000, [TRAVEL, LOCAL], { ages: ADULT, relationships: CLOSE }),
  g("Kids' explorer kit", "toys", ["outdoors", "nature", "science"], 15, 40, [TOYS, OUTDOOR], { ages: KIDS }),
  g("Fishing rod and reel combo", "outdoors", ["fishing", "outdoors"], 50, 300, [OUTDOOR, SPORT], { brands: ["Shimano", "Penn"] }),
  g("Fly-fishing starter kit", "outdoors", ["fishing", "outdoors"], 100, 400, [OUTDOOR, SPORT], { brands: ["Orvis"] }),
  g("Tackle box organiser", "outdoors", ["fishing"], 15, 60, [OUTDOOR, SPORT]),
  g("Guided fishing trip", "experience", ["fishing", "outdoors", "travel"], 200, 900, [LOCAL, TRAVEL], { ages: ADULT }),
  // Fitness and sports
  g("Yoga mat", "fitness", ["yoga", "fitness", "meditation"], 25, 120, [SPORT], { brands: ["Lululemon", "Manduka", "Gaiam"] }),
  g("Yoga class pass", "experience", ["yoga", "fitness", "wellness"], 60, 250, [LOCAL], { ages: ADULT }),
  g("Meditation app subscription", "wellness", ["meditation", "yoga", "wellness", "mindfulness"], 15, 70, [ONLINE], { brands: ["Headspace", "Calm"] }),
  g("Adjustable dumbbells", "fitness", ["fitness", "gym", "weightlifting"], 100, 450, [SPORT], { ages: ADULT, brands: ["Bowflex"] }),
  g("Resistance band set", "fitness", ["fitness", "gym", "yoga"], 15, 40, [SPORT]),
  g("Foam roller and massage ball set", "fitness", ["fitness", "running", "wellness"], 20, 60, [SPORT]),
  g("Fitness tracker", "fitness", ["fitness", "running", "health", "technology"], 50, 250, [ELEC, SPORT], { brands: ["Fitbit", "Garmin", "Whoop"] }),
  g("Running shoes", "fitness", ["running", "fitness"], 90, 220, [SPORT], { brands: ["Nike", "Adidas", "Asics", "Brooks", "Hoka"] }),
  g("GPS running watch", "fitness", ["running", "fitness", "technology"], 200, 800, [SPORT, ELEC], { brands: ["Garmin", "Coros", "Polar"] }),
  g("Race entry for a marathon or 10K", "experience", ["running", "fitness"], 40, 250, [ONLINE, LOCAL], { ages: ADULT }),
  g("Running belt", "fitness", ["running"], 15, 40, [SPORT], { brands: ["Nike", "FlipBelt"] }),
  g("Smart exercise bike", "fitness", ["cycling", "fitness"], 1000, 3000, [SPORT, ELEC], { ages: ADULT, brands: ["Peloton", "Echelon"], relationships: CLOSE }),
  g("Home gym setup", "fitness", ["fitness", "gym", "weightlifting"], 2000, 8000, [SPORT, DEALER], { ages: ADULT, brands: ["Rogue", "Tonal"], relationships: CLOSE }),
  g("Gym bag", "fitness", ["fitness", "gym", "sports"], 30, 120, [SPORT, FASHION], { brands: ["Nike", "Adidas", "Under Armour"] }),
  g("Team jersey of a favourite club", "sports", ["sports", "football", "soccer", "basketball", "baseball"], 50, 150, [SPORT], { ages: ALL_AGES, brands: ["Nike", "Adidas", "Puma"] }),
  g("Tickets to a live game", "experience", ["sports", "football", "soccer", "basketball", "baseball", "hockey"], 60, 500, [ONLINE, LOCAL], { ages: ALL_AGES }),
  g("Season tickets", "experience", ["sports", "football", "soccer", "basketball", "baseball", "hockey"], 800, 5000, [ONLINE, LOCAL], { ages: GROWN, relationships: CLOSE }),
  g("Signed sports memorabilia", "sports", ["sports", "collecting", "football", "basketball", "baseball"], 150, 3000, [DEALER, SPORT], { ages: GROWN }),
  g("Basketball and hoop", "sports", ["basketball", "sports"], 30, 300, [SPORT, TOYS], { ages: YOUNG, brands: ["Spalding", "Wilson"] }),
  g("Football (soccer ball)", "sports", ["soccer", "football", "sports"], 20, 60, [SPORT], { ages: ALL_AGES, brands: ["Adidas", "Nike"] }),
  g("Tennis racket", "sports", ["tennis", "sports"], 60, 250, [SPORT], { brands: ["Wilson", "Babolat", "Head"] }),
  g("Swim goggles and cap set", "sports", ["swimming", "sports"], 15, 45, [SPORT], { ages: ALL_AGES, brands: ["Speedo", "Arena"] }),
  g("Ski or snowboard lessons", "experience", ["skiing", "snowboarding", "sports", "winter"], 100, 500, [LOCAL, SPORT]),
  g("Ski holiday", "travel", ["skiing", "snowboarding", "travel", "winter"], 1500, 6000, [TRAVEL], { relationships: CLOSE }),
  g("Skateboard", "sports", ["skateboarding", "sports"], 50, 180, [SPORT, TOYS], { ages: YOUNG }),
  g("Climbing gym membership", "experience", ["climbing", "fitness", "sports"], 60, 150, [LOCAL], { ages: GROWN }),
  // Cycling
  g("Bike repair multi-tool", "cycling", ["cycling"], 15, 45, [BIKE], { brands: ["Topeak", "Crankbrothers"] }),
  g("Cycling helmet", "cycling", ["cycling"], 50, 250, [BIKE, SPORT], { ages: ALL_AGES, brands: ["Giro", "Specialized"] }),
  g("Bike lights set", "cycling", ["cycling"], 20, 80, [BIKE]),
  g("Road bike", "cycling", ["cycling", "fitness"], 800, 4000, [BIKE], { brands: ["Trek", "Specialized", "Cannondale"], relationships: CLOSE }),
  g("Electric bike", "cycling", ["cycling", "technology", "commuting"], 1200, 5000, [BIKE], { ages: ADULT, brands: ["Trek", "Rad Power", "Specialized"], relationships: CLOSE }),
  g("High-end carbon road bike", "cycling", ["cycling", "fitness"], 5000, 12000, [BIKE, DEALER], { ages: ADULT, brands: ["Trek", "Specialized", "Pinarello"], relationships: CLOSE }),
  g("Kids' bike", "cycling", ["cycling", "outdoors"], 100, 350, [BIKE, TOYS], { ages: KIDS, relationships: ["family", "other"] }),
  // Golf
  g("Golf balls (premium dozen)", "golf", ["golf"], 30, 60, [GOLF, SPORT], { brands: ["Titleist", "Callaway", "TaylorMade"] }),
  g("Golf rangefinder", "golf", ["golf"], 150, 450, [GOLF], { brands: ["Bushnell", "Garmin"] }),
  g("Round at a renowned golf course", "experience", ["golf"], 150, 800, [LOCAL, GOLF], { ages: ADULT }),
  g("Set of golf clubs", "golf", ["golf"], 500, 3000, [GOLF], { ages: ADULT, brands: ["Callaway", "TaylorMade", "Titleist", "Ping"] }),
  g("Golf trip to a famous resort", "travel", ["golf", "travel"], 3000, 12000, [TRAVEL], { ages: ADULT, relationships: CLOSE }),
  g("Golf towel and divot tool set", "golf", ["golf"], 12, 35, [GOLF, SPORT]),
  // Gardening and nature
  g("Gardening tool set", "gardening", ["gardening", "plants", "outdoors"], 25, 90, [GARDEN, HARDWARE], { ages: ADULT, brands: ["Fiskars"] }),
  g("Indoor herb garden kit", "gardening", ["gardening", "plants", "cooking"], 20, 180, [GARDEN, ELEC], { brands: ["AeroGarden", "Click & Grow"] }),
  g("Rare houseplant", "gardening", ["plants", "gardening", "home"], 20, 90, [GARDEN]),
  g("Bonsai tree starter kit", "gardening", ["plants", "gardening", "meditation"], 20, 120, [GARDEN]),
  g("Heirloom seed collection", "gardening", ["gardening", "plants", "cooking"], 10, 30, [GARDEN, ONLINE]),
  g("Raised garden bed", "gardening", ["gardening", "plants"], 80, 350, [GARDEN, HARDWARE], { ages: ADULT }),
  g("Garden greenhouse", "gardening", ["gardening", "plants"], 600, 4000, [GARDEN, DEALER], { ages: ADULT, relationships: CLOSE }),
  g("Bird feeder and seed set", "gardening", ["birdwatching", "nature", "gardening"], 20, 80, [GARDEN, PET]),
  g("Garden kneeler and gloves", "gardening", ["gardening"], 15, 45, [GARDEN], { ages: ADULT }),
  g("Garden design by a landscape architect", "experience", ["gardening", "home", "plants"], 1500, 8000, [LOCAL], { ages: ADULT, relationships: ["family", "significant_other"] }),
  // Art, crafts and making
  g("Watercolour paint set", "art", ["painting", "art", "drawing"], 20, 120, [CRAFT], { ages: ALL_AGES, brands: ["Winsor & Newton"] }),
  g("Sketchbook and pencil set", "art", ["drawing", "art", "sketching"], 15, 50, [CRAFT, STATIONERY], { ages: ALL_AGES, brands: ["Moleskine", "Faber-Castell"] }),
  g("Pottery class", "experience", ["pottery", "art", "crafts"], 60, 300, [LOCAL], { ages: GROWN }),
  g("Drawing tablet", "art", ["drawing", "art", "technology", "design"], 70, 1000, [ELEC, CRAFT], { brands: ["Wacom", "Huion", "Apple"] }),
  g("Acrylic paint and canvas set", "art", ["painting", "art"], 25, 90, [CRAFT], { ages: ALL_AGES }),
  g("Original artwork from a local artist", "art", ["art", "painting", "home", "design"], 100, 5000, [BOUTIQUE, DEALER], { ages: ADULT }),
  g("Commissioned painting by a known artist", "art", ["art", "painting", "collecting"], 5000, 30000, [DEALER], { ages: ADULT, relationships: CLOSE }),
  g("Knitting kit with merino yarn", "crafts", ["knitting", "crafts", "sewing"], 25, 80, [CRAFT], { brands: ["We Are Knitters"] }),
  g("Sewing machine", "crafts", ["sewing", "crafts", "fashion"], 150, 800, [CRAFT, ELEC], { brands: ["Brother", "Singer", "Janome"] }),
  g("Embroidery starter kit", "crafts", ["embroidery", "crafts", "sewing"], 12, 35, [CRAFT]),
  g("Calligraphy set", "crafts", ["calligraphy", "writing", "art"], 15, 60, [STATIONERY, CRAFT]),
  g("Kids' craft box", "crafts", ["crafts", "art", "drawing"], 15, 45, [TOYS, CRAFT], { ages: KIDS, brands: ["Crayola"] }),
  g("3D printer", "technology", ["3d printing", "technology", "making", "design"], 250, 1500, [ELEC], { ages: GROWN, brands: ["Prusa", "Bambu Lab", "Creality"] }),
  g("Woodworking hand tool set", "diy", ["woodworking", "diy", "making"], 60, 300, [HARDWARE], { ages: ADULT }),
  g("Cordless drill kit", "diy", ["diy", "woodworking", "home improvement"], 80, 300, [HARDWARE], { ages: ADULT, brands: ["DeWalt", "Makita", "Bosch", "Milwaukee"] }),
  g("Pocket multi-tool", "diy", ["diy", "camping", "outdoors", "gadgets"], 30, 150, [HARDWARE, OUTDOOR], { ages: ADULT, brands: ["Leatherman", "Victorinox"] }),
  g("Workshop tool chest", "diy", ["diy", "woodworking", "cars"], 300, 2000, [HARDWARE], { ages: ADULT, brands: ["Craftsman", "Milwaukee"] }),
  // Board games, puzzles and toys
  g("Strategy board game", "games", ["board games", "games", "strategy"], 30, 80, [GAMES, TOYS], { ages: GROWN }),
  g("Family party game", "games", ["board games", "games", "party"], 15, 35, [GAMES, TOYS], { ages: ALL_AGES }),
  g("1000-piece jigsaw puzzle", "games", ["puzzles", "games"], 15, 35, [GAMES, TOYS, BOOKS], { ages: ALL_AGES, brands: ["Ravensburger"] }),
  g("Chess set in wood", "games", ["chess", "board games", "strategy"], 40, 300, [GAMES, BOUTIQUE], { ages: ALL_AGES }),
  g("Escape room experience", "experience", ["puzzles", "games", "board games"], 60, 200, [LOCAL], { ages: GROWN }),
  g("Building brick set", "toys", ["building", "lego", "toys", "construction"], 20, 150, [TOYS], { ages: ALL_AGES, brands: ["Lego"] }),
  g("Collector's building brick set", "toys", ["building", "lego", "collecting"], 200, 900, [TOYS], { ages: GROWN, brands: ["Lego"] }),
  g("Plush toy", "toys", ["toys", "animals"], 10, 40, [TOYS], { ages: KIDS, brands: ["Jellycat", "Build-A-Bear"] }),
  g("Dolls' house", "toys", ["toys", "dolls", "pretend play"], 60, 250, [TOYS], { ages: KIDS, brands: ["Playmobil", "Barbie", "Mattel"] }),
  g("Toy car race track", "toys", ["cars", "toys", "racing"], 25, 100, [TOYS], { ages: KIDS, brands: ["Hot Wheels", "Mattel"] }),
  g("Wooden train set", "toys", ["trains", "toys", "building"], 30, 150, [TOYS], { ages: KIDS, brands: ["Brio"] }),
  g("Science experiment kit", "toys", ["science", "chemistry", "learning"], 20, 60, [TOYS, BOOKS], { ages: YOUNG, brands: ["National Geographic", "Thames & Kosmos"] }),
  g("Kids' telescope", "toys", ["astronomy", "space", "science"], 50, 150, [TOYS, CAMERA], { ages: YOUNG, brands: ["Celestron"] }),
  g("Art easel for kids", "toys", ["drawing", "painting", "art"], 30, 100, [TOYS, CRAFT], { ages: KIDS }),
  g("Ride-on scooter", "toys", ["outdoors", "scooter", "sports"], 40, 150, [TOYS, SPORT], { ages: KIDS, brands: ["Micro"] }),
  g("Trading card starter deck", "games", ["cards", "collecting", "games", "pokemon"], 10, 30, [GAMES, TOYS], { ages: YOUNG, brands: ["Pokemon"] }),
  g("Dinosaur figure collection", "toys", ["dinosaurs", "animals", "toys"], 15, 45, [TOYS], { ages: KIDS, brands: ["Schleich"] }),
  g("Children's play kitchen", "toys", ["cooking", "pretend play", "toys"], 80, 250, [TOYS], { ages: KIDS, relationships: ["family", "other"] }),
  // Science and astronomy
  g("Telescope", "science", ["astronomy", "space", "science"], 200, 1500, [CAMERA, ELEC], { ages: GROWN, brands: ["Celestron", "Sky-Watcher"] }),
  g("Observatory-grade telescope", "science", ["astronomy", "space", "science"], 5000, 20000, [DEALER], { ages: ADULT, brands: ["Celestron"], relationships: CLOSE }),
  g("Star map print of a special night", "home", ["astronomy", "space", "romance", "memories"], 30, 120, [ONLINE, BOUTIQUE], { occasions: COUPLE }),
  g("Planetarium projector", "science", ["astronomy", "space", "home"], 30, 200, [ELEC, TOYS], { ages: ALL_AGES }),
  g("Popular science book", "reading", ["science", "reading", "books", "history"], 15, 35, [BOOKS]),
  g("Museum membership", "experience", ["science", "history", "art", "museums"], 60, 200, [LOCAL]),
  g("Microscope", "science", ["science", "biology", "nature"], 60, 400, [TOYS, ELEC], { ages: YOUNG }),
  // Travel
  g("Weekend city break", "travel", ["travel", "food", "culture"], 400, 1500, [TRAVEL], { ages: ADULT, relationships: CLOSE, occasions: COUPLE }),
  g("Luxury holiday for two", "travel", ["travel", "romance", "beach", "relaxation"], 5000, 20000, [TRAVEL], { ages: ADULT, relationships: ROMANTIC, occasions: COUPLE }),
  g("Family trip to a theme park", "travel", ["travel", "theme parks", "family"], 1000, 5000, [TRAVEL], { relationships: ["family"], ages: ALL_AGES }),
  g("Scratch-off world map", "travel", ["travel", "geography"], 15, 40, [BOUTIQUE, ONLINE]),
  g("Carry-on suitcase", "travel", ["travel"], 100, 600, [DEPT, FASHION], { brands: ["Samsonite", "Away", "Rimowa", "Tumi"] }),
  g("Travel organiser set", "travel", ["travel"], 15, 60, [DEPT, ONLINE]),
  g("Passport holder in leather", "travel", ["travel", "fashion"], 20, 80, [BOUTIQUE, DEPT], { ages: ADULT }),
  g("Hot-air balloon ride", "experience", ["adventure", "travel", "photography"], 200, 600, [LOCAL], { ages: ADULT }),
  g("Round-the-world trip", "travel", ["travel", "adventure", "culture"], 8000, 30000, [TRAVEL], { ages: ADULT, relationships: ["family", "significant_other"] }),
  g("Language learning course", "learning", ["languages", "travel", "learning", "culture"], 50, 300, [ONLINE, BOOKS], { brands: ["Babbel", "Rosetta Stone"] }),
  // Fashion and accessories
  g("Cashmere scarf", "fashion", ["fashion", "style", "clothing"], 60, 300, [DEPT, FASHION, BOUTIQUE], { ages: ADULT }),
  g("Leather wallet", "fashion", ["fashion", "style"], 30, 200, [DEPT, FASHION], { ages: GROWN, brands: ["Fossil", "Coach", "Bellroy"] }),
  g("Designer handbag", "fashion", ["fashion", "style", "luxury"], 1000, 5000, [DEPT, BOUTIQUE], { ages: ADULT, brands: ["Louis Vuitton", "Gucci", "Coach", "Prada"], relationships: ROMANTIC.concat(["family"]) }),
  g("Haute couture handbag", "fashion", ["fashion", "style", "luxury"], 6000, 25000, [BOUTIQUE, DEALER], { ages: ADULT, brands: ["Hermes", "Chanel"], relationships: ROMANTIC }),
  g("Sneakers", "fashion", ["fashion", "sneakers", "streetwear"], 60, 250, [FASHION, SPORT], { ages: ALL_AGES, brands: ["Nike", "Adidas", "New Balance", "Converse"] }),
  g("Cosy knit sweater", "fashion", ["fashion", "clothing"], 40, 200, [FASHION, DEPT], { ages: ALL_AGES, brands: ["Uniqlo", "Ralph Lauren"] }),
  g("Sunglasses", "fashion", ["fashion", "style", "travel", "beach"], 25, 400, [FASHION, DEPT], { ages: GROWN, brands: ["Ray-Ban", "Oakley"] }),
  g("Novelty socks bundle", "fashion", ["fashion", "humor", "clothing"], 10, 25, [FASHION, DEPT], { ages: ALL_AGES }),
  g("Silk tie or pocket square", "fashion", ["fashion", "style", "work"], 25, 150, [DEPT, FASHION], { ages: ADULT }),
  g("Leather gloves", "fashion", ["fashion", "winter"], 40, 180, [DEPT, FASHION], { ages: ADULT }),
  g("Personal styling session", "experience", ["fashion", "style"], 100, 500, [LOCAL, DEPT], { ages: ADULT }),
  g("Watch", "accessories", ["watches", "fashion", "style"], 100, 1000, [JEWEL, DEPT], { ages: GROWN, brands: ["Seiko", "Tissot", "Fossil", "Casio"] }),
  g("Luxury Swiss watch", "accessories", ["watches", "fashion", "luxury"], 3000, 30000, [JEWEL, DEALER], { ages: ADULT, brands: ["Rolex", "Omega", "Tag Heuer", "Cartier"], relationships: CLOSE }),
  // Jewellery
  g("Birthstone necklace", "jewellery", ["jewelry", "jewellery", "fashion"], 40, 300, [JEWEL, BOUTIQUE], { brands: ["Pandora", "Mejuri"], relationships: CLOSE }),
  g("Charm bracelet", "jewellery", ["jewelry", "jewellery", "fashion"], 50, 250, [JEWEL], { ages: ALL_AGES, brands: ["Pandora"], relationships: CLOSE }),
  g("Engraved locket", "jewellery", ["jewelry", "jewellery", "romance", "memories"], 50, 400, [JEWEL], { relationships: ["significant_other", "family"], occasions: COUPLE }),
  g("Diamond stud earrings", "jewellery", ["jewelry", "jewellery", "luxury"], 500, 3000, [JEWEL], { ages: ADULT, brands: ["Tiffany", "Cartier"], relationships: ["significant_other", "family"] }),
  g("Fine jewellery piece", "jewellery", ["jewelry", "jewellery", "luxury"], 5000, 25000, [JEWEL], { ages: ADULT, brands: ["Tiffany", "Cartier", "Bulgari"], relationships: ROMANTIC, occasions: COUPLE }),
  g("Cufflinks", "jewellery", ["fashion", "style", "jewelry"], 40, 300, [JEWEL, DEPT], { ages: ADULT }),
  g("Friendship bracelet kit", "crafts", ["jewelry", "crafts", "friendship"], 10, 25, [CRAFT, TOYS], { ages: YOUNG }),
  // Beauty and wellness
  g("Spa day voucher", "wellness", ["spa", "wellness", "relaxation", "beauty"], 100, 400, [LOCAL], { ages: ADULT, relationships: CLOSE }),
  g("Luxury skincare set", "beauty", ["skincare", "beauty", "wellness"], 40, 250, [BEAUTY, DEPT], { ages: GROWN, brands: ["Clinique", "La Mer", "Kiehl's"] }),
  g("Scented candle set", "home", ["candles", "home", "relaxation", "wellness"], 20, 80, [DEPT, BOUTIQUE], { brands: ["Diptyque", "Yankee Candle", "Jo Malone"] }),
  g("Bath bomb gift box", "wellness", ["relaxation", "wellness", "beauty", "spa"], 12, 40, [BEAUTY], { ages: ALL_AGES, brands: ["Lush"] }),
  g("Designer fragrance", "beauty", ["perfume", "fragrance", "beauty", "fashion"], 60, 300, [BEAUTY, DEPT], { ages: ADULT, brands: ["Chanel", "Dior", "Jo Malone", "Tom Ford"], relationships: CLOSE }),
  g("Massage gun", "wellness", ["fitness", "wellness", "running", "relaxation"], 80, 400, [ELEC, SPORT], { ages: ADULT, brands: ["Theragun", "Hyperice"] }),
  g("Weighted blanket", "wellness", ["relaxation", "sleep", "wellness", "home"], 50, 250, [DEPT, FURNITURE]),
  g("Hair styling tool", "beauty", ["hair", "beauty", "fashion"], 40, 600, [BEAUTY, ELEC], { ages: GROWN, brands: ["Dyson", "GHD"] }),
  g("Makeup palette", "beauty", ["makeup", "beauty"], 20, 80, [BEAUTY], { ages: GROWN, brands: ["Urban Decay", "Fenty Beauty", "Charlotte Tilbury"] }),
  g("Wellness retreat weekend", "travel", ["wellness", "yoga", "meditation", "relaxation", "spa"], 800, 3000, [TRAVEL, LOCAL], { ages: ADULT, relationships: CLOSE }),
  g("Essential oil diffuser", "wellness", ["aromatherapy", "wellness", "relaxation", "home"], 25, 90, [DEPT, BEAUTY]),
  // Home
  g("Personalised family photo frame", "home", ["family", "memories", "photography", "home"], 20, 80, [BOUTIQUE, DEPT], { ages: ADULT, relationships: ["family", "significant_other"] }),
  g("Digital photo frame", "home", ["family", "photography", "memories", "technology"], 60, 250, [ELEC], { ages: ADULT, brands: ["Aura", "Nixplay"] }),
  g("Luxury bedding set", "home", ["home", "sleep", "interior design"], 100, 500, [DEPT, FURNITURE], { ages: ADULT, occasions: ALL_OCCASIONS }),
  g("Robot vacuum", "home", ["home", "technology", "gadgets"], 200, 1200, [ELEC], { ages: ADULT, brands: ["iRobot", "Roomba", "Roborock", "Dyson"], relationships: ["family", "significant_other", "friend"] }),
  g("Designer lamp", "home", ["interior design", "home", "design"], 80, 600, [FURNITURE, DEPT], { ages: ADULT }),
  g("Ergonomic office chair", "home", ["work", "home office", "technology", "gaming"], 300, 1600, [FURNITURE], { ages: ADULT, brands: ["Herman Miller", "Steelcase"] }),
  g("Houseware gift card", "home", ["home", "interior design"], 25, 500, [DEPT, FURNITURE], { ages: ADULT, occasions: ["wedding", "other", "christmas", "birthday"] }),
  g("Cocktail shaker set", "drinks", ["cocktails", "mixology", "entertaining"], 25, 100, [KITCHEN, WINE], { ages: ADULT }),
  g("Wine of a notable vintage", "drinks", ["wine"], 30, 400, [WINE], { ages: ADULT }),
  g("Wine club membership", "drinks", ["wine"], 60, 300, [WINE, ONLINE], { ages: ADULT }),
  g("Wine fridge", "drinks", ["wine", "entertaining"], 200, 1500, [ELEC, KITCHEN], { ages: ADULT }),
  g("Collector's wine case", "drinks", ["wine", "collecting", "luxury"], 1500, 8000, [WINE, DEALER], { ages: ADULT, relationships: CLOSE }),
  g("Craft beer tasting box", "drinks", ["beer", "craft beer", "brewing"], 25, 70, [WINE, ONLINE], { ages: ADULT }),
  g("Home brewing kit", "drinks", ["beer", "brewing", "craft beer"], 40, 200, [ONLINE, HARDWARE], { ages: ADULT }),
  g("Whisky tasting set", "drinks", ["whisky", "whiskey", "spirits"], 40, 200, [WINE], { ages: ADULT }),
  g("Rare single malt whisky", "drinks", ["whisky", "whiskey", "spirits", "collecting"], 300, 5000, [WINE, DEALER], { ages: ADULT }),
  g("Wine-tasting tour", "experience", ["wine", "travel", "food"], 100, 600, [LOCAL, TRAVEL], { ages: ADULT, occasions: COUPLE }),
  g("Cheese and charcuterie board", "kitchen", ["food", "entertaining", "wine", "cheese"], 30, 120, [KITCHEN, BOUTIQUE], { ages: ADULT }),
  g("Gourmet chocolate box", "food", ["chocolate", "food", "sweets"], 15, 80, [BOUTIQUE, DEPT], { ages: ALL_AGES, brands: ["Godiva", "Lindt", "Neuhaus"] }),
  g("Gourmet food hamper", "food", ["food", "cooking", "wine"], 50, 250, [DEPT, BOUTIQUE]),
  g("Fine-dining tasting menu for two", "experience", ["food", "dining", "romance", "cooking"], 200, 800, [LOCAL], { ages: ADULT, relationships: CLOSE, occasions: COUPLE }),
  // Stationery and work
  g("Fountain pen", "stationery", ["writing", "stationery", "calligraphy"], 25, 400, [STATIONERY], { ages: ADULT, brands: ["Lamy", "Pilot", "Montblanc"] }),
  g("Leather-bound journal", "stationery", ["writing", "journaling", "stationery", "travel"], 20, 80, [STATIONERY, BOOKS], { brands: ["Moleskine", "Leuchtturm"] }),
  g("Desk organiser", "stationery", ["work", "organisation", "home office"], 20, 80, [STATIONERY, DEPT], { ages: ADULT }),
  g("Coffee shop gift card", "coffee", ["coffee", "work"], 10, 50, [LOCAL], { ages: GROWN, brands: ["Starbucks"] }),
  g("Desk plant", "gardening", ["plants", "work", "home office"], 12, 40, [GARDEN], { ages: ADULT }),
  g("Personalised notebook", "stationery", ["writing", "stationery", "journaling"], 15, 40, [STATIONERY, ONLINE]),
  g("Online course subscription", "learning", ["learning", "programming", "business", "studying"], 30, 300, [ONLINE], { ages: GROWN, brands: ["MasterClass", "Coursera"] }),
  g("Professional briefcase", "fashion", ["work", "business", "fashion"], 150, 800, [DEPT, FASHION], { ages: ADULT, occasions: CELEBRATION }),
  // Pets
  g("Pet portrait", "pets", ["pets", "dogs", "cats", "art"], 40, 300, [ONLINE, BOUTIQUE]),
  g("Dog toy and treat box", "pets", ["dogs", "pets"], 20, 50, [PET], { brands: ["BarkBox"] }),
  g("Cat tree", "pets", ["cats", "pets"], 50, 250, [PET]),
  g("GPS pet tracker", "pets", ["dogs", "pets", "technology"], 50, 200, [PET, ELEC], { brands: ["Tractive", "Fi"] }),
  g("Dog walking and grooming package", "pets", ["dogs", "pets"], 100, 500, [LOCAL, PET], { ages: ADULT }),
  g("Aquarium starter kit", "pets", ["fish", "pets", "aquarium"], 50, 300, [PET], { ages: ALL_AGES }),
  // Cars and motoring
  g("Car detailing kit", "cars", ["cars", "driving"], 30, 120, [HARDWARE, DEPT], { ages: ADULT, brands: ["Meguiar's", "Chemical Guys"] }),
  g("Track day driving experience", "experience", ["cars", "driving", "racing", "motorsport"], 200, 1000, [LOCAL], { ages: ADULT }),
  g("Dash camera", "cars", ["cars", "driving", "technology"], 50, 250, [ELEC], { ages: ADULT, brands: ["Garmin", "Nextbase"] }),
  g("Scale model car", "cars", ["cars", "collecting", "models", "racing"], 25, 200, [TOYS, DEALER], { brands: ["Bburago", "Lego"] }),
  g("Supercar driving day", "experience", ["cars", "driving", "racing", "luxury"], 1000, 5000, [LOCAL], { ages: ADULT }),
  g("Classic car restoration voucher", "cars", ["cars", "classic cars", "collecting"], 5000, 40000, [DEALER], { ages: ADULT, relationships: ["family", "significant_other"] }),
  // Experiences and keepsakes
  g("Theatre tickets", "experience", ["theatre", "theater", "musicals", "culture"], 60, 400, [LOCAL, ONLINE]),
  g("Stand-up comedy show tickets", "experience", ["comedy", "humor"], 30, 150, [LOCAL, ONLINE], { ages: ADULT }),
  g("Skydiving experience", "experience", ["adventure", "extreme sports"], 250, 500, [LOCAL], { ages: ADULT }),
  g("Scuba diving course", "experience", ["diving", "swimming", "adventure", "travel"], 300, 800, [LOCAL, SPORT], { ages: GROWN }),
  g("Private chef dinner at home", "experience", ["food", "cooking", "dining", "entertaining"], 500, 2000, [LOCAL], { ages: ADULT, relationships: CLOSE }),
  g("Helicopter tour", "experience", ["adventure", "travel", "photography"], 300, 1500, [LOCAL], { ages: ADULT }),
  g("Private yacht charter", "travel", ["sailing", "boats", "travel", "luxury", "beach"], 6000, 30000, [TRAVEL, DEALER], { ages: ADULT, relationships: CLOSE }),
  g("Sailing lessons", "experience", ["sailing", "boats", "water sports"], 200, 900, [LOCAL]),
  g("Custom family tree print", "home", ["family", "history", "genealogy", "memories"], 40, 150, [ONLINE, BOUTIQUE], { ages: ADULT, relationships: ["family"] }),
  g("DNA ancestry kit", "science", ["genealogy", "history", "science", "family"], 60, 200, [ONLINE, ELEC], { ages: ADULT, brands: ["23andMe", "AncestryDNA"] }),
  g("Personalised storybook", "reading", ["reading", "stories", "books"], 25, 50, [ONLINE, BOOKS], { ages: KIDS }),
  g("Memory jar with handwritten notes", "keepsake", ["memories", "romance", "friendship", "family"], 10, 25, [CRAFT, STATIONERY], { relationships: CLOSE }),
  g("Custom song written for them", "keepsake", ["music", "romance", "memories"], 100, 600, [ONLINE, LOCAL], { relationships: ["significant_other", "family", "friend"], occasions: COUPLE }),
  g("Engraved champagne flutes", "keepsake", ["wine", "champagne", "entertaining", "romance"], 30, 150, [DEPT, KITCHEN], { ages: ADULT, occasions: COUPLE }),
  g("Graduation keepsake frame", "keepsake", ["memories", "studying", "learning"], 30, 120, [BOUTIQUE, STATIONERY], { ages: GROWN, occasions: ["graduation"] }),
  g("Christmas ornament set", "keepsake", ["christmas", "home", "decorating"], 15, 60, [DEPT, BOUTIQUE], { ages: ALL_AGES, occasions: ["christmas"] }),
  g("Advent calendar with treats", "food", ["christmas", "chocolate", "sweets"], 15, 80, [DEPT, BOUTIQUE], { ages: ALL_AGES, occasions: ["christmas"], brands: ["Lindt", "Lego"] }),
  g("Wedding registry cookware set", "kitchen", ["cooking", "home", "entertaining"], 150, 800, [KITCHEN, DEPT], { ages: ADULT, occasions: ["wedding", "anniversary"], brands: ["All-Clad", "Le Creuset"] }),
  g("Honeymoon fund contribution", "travel", ["travel", "romance"], 50, 1000, [ONLINE, TRAVEL], { ages: ADULT, occasions: ["wedding"] }),
  g("Custom wedding portrait illustration", "keepsake", ["art", "memories", "romance"], 60, 300, [ONLINE, BOUTIQUE], { ages: ADULT, occasions: ["wedding", "anniversary"] }),
  g("Anniversary photo album", "keepsake", ["photography", "memories", "romance"], 30, 120, [STATIONERY, ONLINE], { ages: ADULT, relationships: ["significant_other", "family"], occasions: ["anniversary", "wedding"] }),
  g("Graduation gift card for a bookstore", "reading", ["reading", "books", "studying", "learning"], 20, 100, [BOOKS], { ages: GROWN, occasions: ["graduation", "birthday", "other"] }),
  g("Noise-masking sleep headphones", "wellness", ["sleep", "music", "wellness"], 30, 120, [ELEC], { ages: GROWN }),
  g("Umbrella that survives storms", "accessories", ["travel", "commuting", "fashion"], 25, 90, [DEPT], { ages: GROWN, brands: ["Totes", "Senz"] }),
  g("Board game café gift card", "experience", ["board games", "games"], 20, 60, [LOCAL], { ages: GROWN }),
  g("Stargazing night out", "experience", ["astronomy", "space", "romance", "outdoors"], 40, 150, [LOCAL], { relationships: CLOSE }),
];
