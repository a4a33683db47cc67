/* Fuzz target: the KIF reader fed Shift_JIS bytes, against its own reading of their UTF-8 conversion (fuzz_record.c). */
#define FUZZ_SJIS 1
#include "fuzz_record.c"
