package retrieval

import "sync"

// Normaliser names accepted in AnalyzerConfig.Normalize: what is done to
// plain English words (never to protected terms or to the whole form of a
// technical token such as read_files; its split parts are plain words).
const (
	// NormalizeNone keeps words as they are (lowercased).
	NormalizeNone = "none"
	// NormalizeLight folds plurals and third-person -s forms only:
	// flights → flight, queries → query, boxes → box, databases →
	// database, but status, process, address, analysis, alias and https
	// stay. See LightStem.
	NormalizeLight = "light"
	// NormalizeSnowball applies the English Snowball (Porter 2) stemmer.
	NormalizeSnowball = "snowball"
)

// LightStem folds an English plural (or third-person -s verb) to its
// singular form, leaving every other word alone. It is an S-stemmer in the
// style of Harman (1991), tuned for tool descriptions:
//
//   - only lowercase ASCII words of four letters or more change (aws, dns,
//     sms, has, its stay as they are);
//   - -ies → -y (queries → query, policies → policy), except for nouns
//     whose singular ends in -ie (movies → movie, cookies → cookie);
//   - -sses, -xes, -ches, -shes, -zzes drop -es (classes → class, boxes →
//     box, matches → match, hashes → hash, buzzes → buzz), except where the
//     singular ends in -e (caches → cache, niches → niche);
//   - other -ses and -zes drop only the -s (databases → database, responses
//     → response, sizes → size), except plurals of -us, -as and -is words
//     (statuses → status, aliases → alias, analyses → analysis);
//   - a final -s drops unless it follows s, u or i (files → file, schemas
//     → schema; status, process, analysis stay), and a short list of words
//     that only look plural stays (https, news, series, alias, canvas,
//     chaos, lens, …).
//
// The possessive 's never reaches a word: the analyzer splits at the
// apostrophe and "s" is a stop word.
func LightStem(w string) string {
	n := len(w)
	if n < 4 || w[n-1] != 's' || !isASCIILetters(w) {
		return w
	}
	if s, ok := light().lightExceptions[w]; ok {
		return s
	}
	switch w[n-2] {
	case 's', 'u', 'i':
		// -ss, -us, -is: not plurals (class, status, analysis).
		return w
	case 'e':
		return stemES(w)
	}
	return w[:n-1]
}

// stemES handles words ending in -es.
func stemES(w string) string {
	n := len(w)
	stem := w[:n-2] // without -es
	switch {
	case w[n-3] == 'i' && n >= 5: // -ies
		if light().ieNouns[w[:n-1]] {
			return w[:n-1]
		}
		if c := w[n-4]; c == 'a' || c == 'e' || c == 'o' {
			return w[:n-1] // -aies/-eies/-oies are rare; keep -ie-s → -ie
		}
		return stem[:len(stem)-1] + "y"
	case hasSuffix(stem, "ss"), hasSuffix(stem, "x"), hasSuffix(stem, "ch"),
		hasSuffix(stem, "sh"), hasSuffix(stem, "zz"):
		return stem
	}
	// -ses, -zes and every other -es: the singular ends in -e (files,
	// databases, sizes); the -us/-as/-is plurals are in lightExceptions.
	return w[:n-1]
}

func hasSuffix(s, suf string) bool {
	return len(s) >= len(suf) && s[len(s)-len(suf):] == suf
}

// lightExceptions maps words the rules above would get wrong to their
// normal form: words that only look plural (kept as they are) and
// irregular plurals of -s words. ieNouns are singulars ending in -ie,
// whose plural is -ies. Both are built on first use (lightTables), not at
// start-up.
type lightTables struct {
	lightExceptions map[string]string
	ieNouns         map[string]bool
}

var light = sync.OnceValue(func() lightTables {
	lightExceptions := map[string]string{}
	ieNouns := map[string]bool{}
	// Not plurals: kept whole.
	for _, w := range []string{
		"https", "news", "series", "species", "alias", "canvas", "atlas", "bias",
		"pandas", "christmas", "texas", "vegas", "whereas", "pancreas", "chaos",
		"kudos", "macos", "ethos", "pathos", "cosmos", "lens", "always", "perhaps",
		"sometimes", "does", "goes", "yes", "thanks", "less", "unless", "themselves",
		"ourselves", "yourselves", "kubernetes", "postgres", "jenkins", "sass",
		"saas", "paas", "iaas", "mathematics", "physics", "economics",
		"politics", "ethics", "diabetes", "measles", "mumps", "innings", "headquarters",
	} {
		lightExceptions[w] = w
	}
	// Plurals the suffix rules cannot see.
	for pl, sg := range map[string]string{
		"statuses": "status", "aliases": "alias", "buses": "bus", "busses": "bus",
		"viruses": "virus", "biases": "bias", "bonuses": "bonus", "campuses": "campus",
		"censuses": "census", "canvases": "canvas", "atlases": "atlas", "gases": "gas",
		"corpuses": "corpus", "focuses": "focus", "radiuses": "radius", "prospectuses": "prospectus",
		"syllabuses": "syllabus", "octopuses": "octopus", "cactuses": "cactus",
		"apparatuses": "apparatus", "plusses": "plus", "pluses": "plus", "minuses": "minus",
		"analyses": "analysis", "diagnoses": "diagnosis", "theses": "thesis",
		"hypotheses": "hypothesis", "parentheses": "parenthesis", "syntheses": "synthesis",
		"crises": "crisis", "axes": "axis", "bases": "base", "quizzes": "quiz",
		"caches": "cache", "niches": "niche", "aches": "ache", "headaches": "headache",
		"avalanches": "avalanche", "moustaches": "moustache", "mustaches": "mustache",
		"cliches": "cliche", "quiches": "quiche", "psyches": "psyche",
		"lenses": "lens", "indices": "index", "vertices": "vertex", "matrices": "matrix",
		"appendices": "appendix",
	} {
		lightExceptions[pl] = sg
	}
	for _, w := range []string{
		"movie", "cookie", "calorie", "zombie", "selfie", "rookie", "genie", "brownie",
		"hoodie", "smoothie", "goalie", "auntie", "prairie", "freebie", "newbie", "birdie",
		"hippie", "techie", "indie", "sortie", "lingerie", "eerie", "pixie", "veggie",
		"bootie", "caddie", "collie", "coolie", "magpie", "necktie", "talkie", "walkie",
		"yuppie", "zombie", "budgie", "beanie", "boogie", "groupie", "junkie", "kiddie",
		"rookie", "roomie", "sweetie", "hottie", "bookie", "quickie", "foodie", "goodie",
	} {
		ieNouns[w] = true
	}
	return lightTables{lightExceptions, ieNouns}
})
