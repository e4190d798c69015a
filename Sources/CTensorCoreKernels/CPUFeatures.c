#include "CTensorCoreKernels.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#endif
#if defined(__APPLE__)
#include <sys/sysctl.h>
#endif

static odml_cpu current;
static pthread_once_t described = PTHREAD_ONCE_INIT;

/// Copies `source` into `destination` (`size` bytes) without its leading and trailing spaces.
static void copyTrimmed(char *destination, size_t size, const char *source) {
    while (*source == ' ') source++;
    size_t length = strlen(source);
    while (length > 0 && (source[length - 1] == ' ' || source[length - 1] == '\n')) length--;
    if (length >= size) length = size - 1;
    memcpy(destination, source, length);
    destination[length] = 0;
}

#if defined(__x86_64__)

/// XCR0: which register states the operating system saves on a context switch.
static uint64_t extendedControlRegister(void) {
    uint32_t low, high;
    __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    return ((uint64_t)high << 32) | low;
}

static void describe(void) {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx)) return;
    const unsigned maximumLeaf = eax;
    memcpy(current.vendor, &ebx, 4), memcpy(current.vendor + 4, &edx, 4), memcpy(current.vendor + 8, &ecx, 4);
    current.vendor[12] = 0;

    __get_cpuid(1, &eax, &ebx, &ecx, &edx);
    const unsigned baseFamily = (eax >> 8) & 0xF, baseModel = (eax >> 4) & 0xF;
    current.family = baseFamily == 0xF ? baseFamily + ((eax >> 20) & 0xFF) : baseFamily;
    current.model = (baseFamily == 0x6 || baseFamily == 0xF) ? baseModel + (((eax >> 16) & 0xF) << 4) : baseModel;
    current.stepping = eax & 0xF;
    uint32_t features = 0;
    if (ecx & (1u << 0)) features |= ODML_CPU_SSE3;
    if (ecx & (1u << 9)) features |= ODML_CPU_SSSE3;
    if (ecx & (1u << 19)) features |= ODML_CPU_SSE4_1;
    if (ecx & (1u << 20)) features |= ODML_CPU_SSE4_2;
    // The AVX registers count only when the OS saves them (XCR0 bits 1, 2); AVX-512's also need
    // the mask and upper ZMM states (bits 5, 6, 7).
    const int osSaves = (ecx & (1u << 27)) != 0;
    const uint64_t xcr0 = osSaves ? extendedControlRegister() : 0;
    const int avxState = (xcr0 & 0x6) == 0x6, avx512State = avxState && (xcr0 & 0xE0) == 0xE0;
    if (avxState) {
        if (ecx & (1u << 28)) features |= ODML_CPU_AVX;
        if (ecx & (1u << 12)) features |= ODML_CPU_FMA;
        if (ecx & (1u << 29)) features |= ODML_CPU_F16C;
    }
    if (maximumLeaf >= 7) {
        __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx);
        const unsigned subleaves = eax;
        if (avxState && (ebx & (1u << 5))) features |= ODML_CPU_AVX2;
        if (avx512State) {
            if (ebx & (1u << 16)) features |= ODML_CPU_AVX512F;
            if (ebx & (1u << 17)) features |= ODML_CPU_AVX512DQ;
            if (ebx & (1u << 28)) features |= ODML_CPU_AVX512CD;
            if (ebx & (1u << 30)) features |= ODML_CPU_AVX512BW;
            if (ebx & (1u << 31)) features |= ODML_CPU_AVX512VL;
            if (ecx & (1u << 11)) features |= ODML_CPU_AVX512VNNI;
            if (subleaves >= 1) {
                __get_cpuid_count(7, 1, &eax, &ebx, &ecx, &edx);
                if (eax & (1u << 5)) features |= ODML_CPU_AVX512BF16;
            }
        }
    }
    current.features = features;

    unsigned brand[12];
    if (__get_cpuid(0x80000000, &eax, &ebx, &ecx, &edx) && eax >= 0x80000004) {
        for (unsigned leaf = 0; leaf < 3; leaf++) {
            __get_cpuid(0x80000002 + leaf, &brand[4 * leaf], &brand[4 * leaf + 1], &brand[4 * leaf + 2], &brand[4 * leaf + 3]);
        }
        char text[49];
        memcpy(text, brand, 48);
        text[48] = 0;
        copyTrimmed(current.brand, sizeof current.brand, text);
    }
}

#elif defined(__aarch64__)

static void describe(void) {
    strcpy(current.vendor, "arm64");
    current.features = ODML_CPU_NEON;
#if defined(__APPLE__)
    char text[64];
    size_t size = sizeof text;
    if (sysctlbyname("machdep.cpu.brand_string", text, &size, NULL, 0) == 0) copyTrimmed(current.brand, sizeof current.brand, text);
#elif defined(__linux__)
    // Linux on arm64 names no model in /proc/cpuinfo; the device tree often does.
    FILE *file = fopen("/proc/device-tree/model", "r");
    if (file) {
        char text[64] = {0};
        if (fgets(text, sizeof text, file)) copyTrimmed(current.brand, sizeof current.brand, text);
        fclose(file);
    }
#endif
}

#else

static void describe(void) { strcpy(current.vendor, "unknown"); }

#endif

const odml_cpu *odml_cpu_current(void) {
    pthread_once(&described, describe);
    return &current;
}

int odml_isa_is_supported(odml_isa isa) {
    switch (isa) {
    case ODML_ISA_PORTABLE: return 1;
#if defined(__x86_64__)
    case ODML_ISA_AVX2: {
        const uint32_t needed = ODML_CPU_AVX2 | ODML_CPU_FMA;
        return (odml_cpu_current()->features & needed) == needed;
    }
    case ODML_ISA_AVX512: {
        const uint32_t needed = ODML_CPU_AVX512F | ODML_CPU_AVX512BW | ODML_CPU_AVX512VL | ODML_CPU_AVX512DQ | ODML_CPU_AVX2
            | ODML_CPU_FMA;
        return (odml_cpu_current()->features & needed) == needed;
    }
#elif defined(__aarch64__)
    case ODML_ISA_NEON: return 1;
#endif
    default: return 0;
    }
}

odml_isa odml_isa_best(void) {
    if (odml_isa_is_supported(ODML_ISA_AVX512)) return ODML_ISA_AVX512;
    if (odml_isa_is_supported(ODML_ISA_AVX2)) return ODML_ISA_AVX2;
    if (odml_isa_is_supported(ODML_ISA_NEON)) return ODML_ISA_NEON;
    return ODML_ISA_PORTABLE;
}
