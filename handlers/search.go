package handlers

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/loci-memory/loci/ontology"
)

func (h *api) search(c *gin.Context) (int, any, error) {
	var req ontology.SearchRequest
	if err := decodeBody(c, &req); err != nil {
		return 0, nil, err
	}
	req.Tenant = h.tenant(c)
	res, err := h.Search.Search(c.Request.Context(), req)
	return http.StatusOK, res, err
}
