// Undefines what _VectorActivations.h defined.
#undef BLOCKS
#undef EACH
#undef WIDTH
