#ifndef CVCUDA_CLEAN_H
#define CVCUDA_CLEAN_H
/**
 * Limitations:
 *
 * Input:
 *      Data Layout:    [kNHWC]
 *      8bit  Unsigned | Yes
 *      32bit Float    | Yes
 *
 * Output:
 *      Data Layout:    [kNHWC]
 *      8bit  Unsigned | Yes
 *      32bit Float    | Yes
 */
CVCUDA_PUBLIC NVCVStatus cvcudaCleanSubmit(NVCVOperatorHandle handle, cudaStream_t stream,
                                           NVCVTensorHandle in, NVCVTensorHandle out);
#endif
