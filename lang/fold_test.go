package lang

import "testing"

func TestFoldAccents(t *testing.T) {
	for in, want := range map[string]string{"Kraków": "Krakow", "malmö": "malmo", "São Paulo": "Sao Paulo", "plain": "plain", "한국": "한국"} {
		if got := FoldAccents(in); got != want {
			t.Errorf("FoldAccents(%q) = %q, want %q", in, got, want)
		}
	}
}
