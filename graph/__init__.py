"""The dialogue graph: builder, compiled graph and routers."""
