package handlers

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/loci-memory/loci/ontology"
)

// deleteTenant deletes everything of the caller's own tenant.
func (h *api) deleteTenant(c *gin.Context) (int, any, error) {
	tenant, err := pathParam(c, "tenant", ontology.ValidateTenant)
	if err != nil {
		return 0, nil, err
	}
	if tenant != h.tenant(c) {
		return 0, nil, ontology.Errorf(ontology.EForbidden, "this API key may delete only its own tenant")
	}
	receipt, err := h.Conversations.DeleteTenant(c.Request.Context(), tenant)
	return http.StatusOK, gin.H{"tenant": tenant, "deleted": receipt}, err
}
