#ifndef CVCUDA_COPYCAT_H
#define CVCUDA_COPYCAT_H
/**
 * Limitations:
 *
 * Input:
 *      Data Layout:    [kNHWC]
 *      8bit  Unsigned | Yes
 *
 * Output:
 *      Data Layout:    [kNHWC]
 *      8bit  Unsigned | Yes
 */
CVCUDA_PUBLIC NVCVStatus cvcudaCopycatSubmit(NVCVOperatorHandle handle, cudaStream_t stream,
                                             NVCVTensorHandle in, NVCVTensorHandle out);
#endif
