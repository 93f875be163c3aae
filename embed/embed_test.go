package embed

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestNewMiniLMErrors(t *testing.T) {
	_, err := NewMiniLM(t.TempDir())
	if !errors.Is(err, ErrMissingFiles) {
		t.Errorf("empty dir: err %v, want ErrMissingFiles", err)
	}
	if err != nil && (!strings.Contains(err.Error(), "make models") || !strings.Contains(err.Error(), ModelFile)) {
		t.Errorf("error %q should name the file and `make models`", err)
	}
	// The fp32 files alone do not do for the quantised model.
	dir := t.TempDir()
	for _, f := range []string{ModelFile, TokenizerFile, libraryFile()} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, err = NewMiniLM(dir, WithQuantized())
	if !errors.Is(err, ErrMissingFiles) || !strings.Contains(err.Error(), QuantizedModelFile) {
		t.Errorf("quantized without %s: err %v, want ErrMissingFiles naming it", QuantizedModelFile, err)
	}
	_, err = NewMiniLM(t.TempDir(), WithMaxTokens(1000))
	if err == nil {
		t.Error("max tokens 1000: no error")
	}
	// The package reads no configuration: no directory is an error.
	if _, err := NewMiniLM(""); err == nil || !strings.Contains(err.Error(), "no models directory") {
		t.Errorf("no directory: err %v", err)
	}
}

// locomoTurns imitate LoCoMo conversation turns: chatty first-person
// sentences of 11 to 46 tokens, 24 on average ([CLS] and [SEP] included).
var locomoTurns = []string{
	"Hey Mel! Good to see you! How have you been?",
	"I'm doing great, thanks! Just got back from a camping trip with my kids last weekend.",
	"That sounds amazing. Where did you go?",
	"We went up to the lake near the mountains. The kids loved roasting marshmallows by the fire.",
	"I went to an LGBTQ support group yesterday and it was so powerful.",
	"Wow, that's really cool. What was the best part?",
	"Hearing everyone's stories about transitioning and finding acceptance really inspired me to keep going.",
	"I'm so proud of you for going. It takes courage.",
	"Thanks, Melanie. I've been thinking about studying counseling so I can help people like me.",
	"That's a wonderful idea! You'd be great at it.",
	"By the way, I finished that painting of the sunset I told you about.",
	"Oh nice, can you send me a picture? I'd love to see it.",
	"Sure! I used a lot of orange and purple, inspired by our trip to the beach in 2022.",
	"My daughter started pottery classes on Tuesday; she made a little bowl shaped like a dog.",
	"Haha, that's adorable. Are you still running every morning?",
	"Yes, I did a 10k charity run on Saturday to raise money for the local animal shelter, which was exhausting but worth it.",
	"I adopted a kitten named Oliver last month.",
	"Congrats! How is he settling in?",
	"He's been chewing every cable in the house, but he's super cuddly at night.",
	"We're planning a road trip to the Grand Canyon this summer, maybe in July.",
	"Did you ever finish reading that book, \"Becoming Nicole\"?",
	"Yes! It was touching, especially the parts about the family's journey and how they supported each other through everything.",
	"Let's catch up again next week. Take care!",
	"Bye! Say hi to the kids for me.",
	"Honestly, the last few months have been a whirlwind: new job, moving apartments, and trying to keep up with my art on weekends.",
	"Last Friday my friends threw me a surprise birthday party at the Italian place downtown, with a huge chocolate cake and karaoke until midnight.",
	"I've been volunteering at the youth center twice a week, mostly helping teenagers with homework and talking about what they want to do after school.",
	"My grandma gave me her old necklace before she passed away, and I wear it every day because it reminds me of her kindness and strength.",
	"We took the kids to the science museum on Sunday; they spent two hours at the dinosaur exhibit and wouldn't stop asking questions about fossils.",
	"I finally signed up for that pottery workshop you recommended, and my first vase came out lopsided, but I love it anyway!",
	"Work has been stressful lately because of a big product launch, so I've been meditating every night and going for long walks with my dog.",
	"Did you hear back from the adoption agency? I really hope everything goes smoothly for you and that you get good news soon.",
	"When I was little, my dad used to take me fishing at dawn every summer; we rarely caught anything, but those quiet mornings on the water with a thermos of hot chocolate are some of my favorite memories.",
	"The conference in Seattle was exhausting but inspiring: I met a bunch of people working on mental health apps, gave my first talk in front of two hundred strangers, and somehow didn't faint.",
	"Since you asked about the garden: the tomatoes are finally ripening, the basil went wild, and the rabbits ate every single one of the lettuces I planted in April, which was pretty frustrating.",
	"I'm thinking of running the city marathon next spring, so I've started a sixteen-week training plan with three short runs, one long run, and a yoga session every week.",
}

func TestNewBGEErrors(t *testing.T) {
	// The MiniLM files do not do for BGE.
	dir := t.TempDir()
	for _, f := range []string{ModelFile, QuantizedModelFile, TokenizerFile, libraryFile()} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, err := NewBGE(dir)
	if !errors.Is(err, ErrMissingFiles) || !strings.Contains(err.Error(), BGEModelFile) {
		t.Errorf("BGE without %s: err %v, want ErrMissingFiles naming it", BGEModelFile, err)
	}
	if err := os.WriteFile(filepath.Join(dir, BGEModelFile), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = NewBGE(dir)
	if !errors.Is(err, ErrMissingFiles) || !strings.Contains(err.Error(), BGETokenizerFile) {
		t.Errorf("BGE without %s: err %v, want ErrMissingFiles naming it", BGETokenizerFile, err)
	}
	_, err = NewBGE(dir, WithQuantized())
	if !errors.Is(err, ErrMissingFiles) || !strings.Contains(err.Error(), BGEQuantizedModelFile) {
		t.Errorf("quantized BGE without %s: err %v, want ErrMissingFiles naming it", BGEQuantizedModelFile, err)
	}
}

// echoEmbedder is an ontology.Embedder that records what it was asked to
// embed; echoQueryEmbedder adds EmbedQueries, recorded with a "query: " mark.
type echoEmbedder struct{ got []string }

func (e *echoEmbedder) ID() string      { return "echo" }
func (e *echoEmbedder) Dimensions() int { return 1 }
func (e *echoEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	e.got = append(e.got, texts...)
	return make([][]float32, len(texts)), nil
}

type echoQueryEmbedder struct{ echoEmbedder }

func (e *echoQueryEmbedder) EmbedQueries(ctx context.Context, queries []string) ([][]float32, error) {
	for _, q := range queries {
		e.got = append(e.got, "query: "+q)
	}
	return make([][]float32, len(queries)), nil
}

func TestEmbedQueries(t *testing.T) {
	plain := &echoEmbedder{}
	if _, err := EmbedQueries(context.Background(), plain, []string{"a"}); err != nil || !slices.Equal(plain.got, []string{"a"}) {
		t.Errorf("plain embedder: embedded %q, %v; want Embed(a)", plain.got, err)
	}
	q := &echoQueryEmbedder{}
	if _, err := EmbedQueries(context.Background(), q, []string{"a"}); err != nil || !slices.Equal(q.got, []string{"query: a"}) {
		t.Errorf("query embedder: embedded %q, %v; want EmbedQueries(a)", q.got, err)
	}
}
