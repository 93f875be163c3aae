package handlers_test

import (
	"os"
	"testing"

	"github.com/gin-gonic/gin"
)

// TestMain runs Gin in test mode, as `loci serve` runs it in release mode:
// handlers.New leaves the mode to its caller.
func TestMain(m *testing.M) {
	gin.SetMode(gin.TestMode)
	os.Exit(m.Run())
}
