module @jit_gpt_train_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3072xf32>, %arg1: tensor<768xf32>, %arg2: tensor<768xf32>, %arg3: tensor<768xf32>, %arg4: tensor<768xf32>, %arg5: tensor<768xf32>, %arg6: tensor<768x3072xf32>, %arg7: tensor<3072x768xf32>, %arg8: tensor<768x768xf32>, %arg9: tensor<768x768xf32>, %arg10: tensor<768x768xf32>, %arg11: tensor<768x768xf32>, %arg12: tensor<3072xf32>, %arg13: tensor<768xf32>, %arg14: tensor<768xf32>, %arg15: tensor<768xf32>, %arg16: tensor<768xf32>, %arg17: tensor<768xf32>, %arg18: tensor<768x3072xf32>, %arg19: tensor<3072x768xf32>, %arg20: tensor<768x768xf32>, %arg21: tensor<768x768xf32>, %arg22: tensor<768x768xf32>, %arg23: tensor<768x768xf32>, %arg24: tensor<768xf32>, %arg25: tensor<768xf32>, %arg26: tensor<1024x768xf32>, %arg27: tensor<50304x768xf32>, %arg28: tensor<3072xf32>, %arg29: tensor<768xf32>, %arg30: tensor<768xf32>, %arg31: tensor<768xf32>, %arg32: tensor<768xf32>, %arg33: tensor<768xf32>, %arg34: tensor<768x3072xf32>, %arg35: tensor<3072x768xf32>, %arg36: tensor<768x768xf32>, %arg37: tensor<768x768xf32>, %arg38: tensor<768x768xf32>, %arg39: tensor<768x768xf32>, %arg40: tensor<3072xf32>, %arg41: tensor<768xf32>, %arg42: tensor<768xf32>, %arg43: tensor<768xf32>, %arg44: tensor<768xf32>, %arg45: tensor<768xf32>, %arg46: tensor<768x3072xf32>, %arg47: tensor<3072x768xf32>, %arg48: tensor<768x768xf32>, %arg49: tensor<768x768xf32>, %arg50: tensor<768x768xf32>, %arg51: tensor<768x768xf32>, %arg52: tensor<768xf32>, %arg53: tensor<768xf32>, %arg54: tensor<1024x768xf32>, %arg55: tensor<50304x768xf32>, %arg56: tensor<3072xf32>, %arg57: tensor<768xf32>, %arg58: tensor<768xf32>, %arg59: tensor<768xf32>, %arg60: tensor<768xf32>, %arg61: tensor<768xf32>, %arg62: tensor<768x3072xf32>, %arg63: tensor<3072x768xf32>, %arg64: tensor<768x768xf32>, %arg65: tensor<768x768xf32>, %arg66: tensor<768x768xf32>, %arg67: tensor<768x768xf32>, %arg68: tensor<3072xf32>, %arg69: tensor<768xf32>, %arg70: tensor<768xf32>, %arg71: tensor<768xf32>, %arg72: tensor<768xf32>, %arg73: tensor<768xf32>, %arg74: tensor<768x3072xf32>, %arg75: tensor<3072x768xf32>, %arg76: tensor<768x768xf32>, %arg77: tensor<768x768xf32>, %arg78: tensor<768x768xf32>, %arg79: tensor<768x768xf32>, %arg80: tensor<768xf32>, %arg81: tensor<768xf32>, %arg82: tensor<1024x768xf32>, %arg83: tensor<50304x768xf32>, %arg84: tensor<i32>, %arg85: tensor<8x1024xi32>, %arg86: tensor<8x1024xi32>) -> (tensor<3072xf32> {jax.result_info = "result[0]['blocks'][0]['b_in']"}, tensor<768xf32> {jax.result_info = "result[0]['blocks'][0]['b_out']"}, tensor<768xf32> {jax.result_info = "result[0]['blocks'][0]['ln1_bias']"}, tensor<768xf32> {jax.result_info = "result[0]['blocks'][0]['ln1_scale']"}, tensor<768xf32> {jax.result_info = "result[0]['blocks'][0]['ln2_bias']"}, tensor<768xf32> {jax.result_info = "result[0]['blocks'][0]['ln2_scale']"}, tensor<768x3072xf32> {jax.result_info = "result[0]['blocks'][0]['w_in']"}, tensor<3072x768xf32> {jax.result_info = "result[0]['blocks'][0]['w_out']"}, tensor<768x768xf32> {jax.result_info = "result[0]['blocks'][0]['wk']"}, tensor<768x768xf32> {jax.result_info = "result[0]['blocks'][0]['wo']"}, tensor<768x768xf32> {jax.result_info = "result[0]['blocks'][0]['wq']"}, tensor<768x768xf32> {jax.result_info = "result[0]['blocks'][0]['wv']"}, tensor<3072xf32> {jax.result_info = "result[0]['blocks'][1]['b_in']"}, tensor<768xf32> {jax.result_info = "result[0]['blocks'][1]['b_out']"}, tensor<768xf32> {jax.result_info = "result[0]['blocks'][1]['ln1_bias']"}, tensor<768xf32> {jax.result_info = "result[0]['blocks'][1]['ln1_scale']"}, tensor<768xf32> {jax.result_info = "result[0]['blocks'][1]['ln2_bias']"}, tensor<768xf32> {jax.result_info = "result[0]['blocks'][1]['ln2_scale']"}, tensor<768x3072xf32> {jax.result_info = "result[0]['blocks'][1]['w_in']"}, tensor<3072x768xf32> {jax.result_info = "result[0]['blocks'][1]['w_out']"}, tensor<768x768xf32> {jax.result_info = "result[0]['blocks'][1]['wk']"}, tensor<768x768xf32> {jax.result_info = "result[0]['blocks'][1]['wo']"}, tensor<768x768xf32> {jax.result_info = "result[0]['blocks'][1]['wq']"}, tensor<768x768xf32> {jax.result_info = "result[0]['blocks'][1]['wv']"}, tensor<768xf32> {jax.result_info = "result[0]['lnf_bias']"}, tensor<768xf32> {jax.result_info = "result[0]['lnf_scale']"}, tensor<1024x768xf32> {jax.result_info = "result[0]['wpe']"}, tensor<50304x768xf32> {jax.result_info = "result[0]['wte']"}, tensor<3072xf32> {jax.result_info = "result[1]['blocks'][0]['b_in']"}, tensor<768xf32> {jax.result_info = "result[1]['blocks'][0]['b_out']"}, tensor<768xf32> {jax.result_info = "result[1]['blocks'][0]['ln1_bias']"}, tensor<768xf32> {jax.result_info = "result[1]['blocks'][0]['ln1_scale']"}, tensor<768xf32> {jax.result_info = "result[1]['blocks'][0]['ln2_bias']"}, tensor<768xf32> {jax.result_info = "result[1]['blocks'][0]['ln2_scale']"}, tensor<768x3072xf32> {jax.result_info = "result[1]['blocks'][0]['w_in']"}, tensor<3072x768xf32> {jax.result_info = "result[1]['blocks'][0]['w_out']"}, tensor<768x768xf32> {jax.result_info = "result[1]['blocks'][0]['wk']"}, tensor<768x768xf32> {jax.result_info = "result[1]['blocks'][0]['wo']"}, tensor<768x768xf32> {jax.result_info = "result[1]['blocks'][0]['wq']"}, tensor<768x768xf32> {jax.result_info = "result[1]['blocks'][0]['wv']"}, tensor<3072xf32> {jax.result_info = "result[1]['blocks'][1]['b_in']"}, tensor<768xf32> {jax.result_info = "result[1]['blocks'][1]['b_out']"}, tensor<768xf32> {jax.result_info = "result[1]['blocks'][1]['ln1_bias']"}, tensor<768xf32> {jax.result_info = "result[1]['blocks'][1]['ln1_scale']"}, tensor<768xf32> {jax.result_info = "result[1]['blocks'][1]['ln2_bias']"}, tensor<768xf32> {jax.result_info = "result[1]['blocks'][1]['ln2_scale']"}, tensor<768x3072xf32> {jax.result_info = "result[1]['blocks'][1]['w_in']"}, tensor<3072x768xf32> {jax.result_info = "result[1]['blocks'][1]['w_out']"}, tensor<768x768xf32> {jax.result_info = "result[1]['blocks'][1]['wk']"}, tensor<768x768xf32> {jax.result_info = "result[1]['blocks'][1]['wo']"}, tensor<768x768xf32> {jax.result_info = "result[1]['blocks'][1]['wq']"}, tensor<768x768xf32> {jax.result_info = "result[1]['blocks'][1]['wv']"}, tensor<768xf32> {jax.result_info = "result[1]['lnf_bias']"}, tensor<768xf32> {jax.result_info = "result[1]['lnf_scale']"}, tensor<1024x768xf32> {jax.result_info = "result[1]['wpe']"}, tensor<50304x768xf32> {jax.result_info = "result[1]['wte']"}, tensor<3072xf32> {jax.result_info = "result[2]['blocks'][0]['b_in']"}, tensor<768xf32> {jax.result_info = "result[2]['blocks'][0]['b_out']"}, tensor<768xf32> {jax.result_info = "result[2]['blocks'][0]['ln1_bias']"}, tensor<768xf32> {jax.result_info = "result[2]['blocks'][0]['ln1_scale']"}, tensor<768xf32> {jax.result_info = "result[2]['blocks'][0]['ln2_bias']"}, tensor<768xf32> {jax.result_info = "result[2]['blocks'][0]['ln2_scale']"}, tensor<768x3072xf32> {jax.result_info = "result[2]['blocks'][0]['w_in']"}, tensor<3072x768xf32> {jax.result_info = "result[2]['blocks'][0]['w_out']"}, tensor<768x768xf32> {jax.result_info = "result[2]['blocks'][0]['wk']"}, tensor<768x768xf32> {jax.result_info = "result[2]['blocks'][0]['wo']"}, tensor<768x768xf32> {jax.result_info = "result[2]['blocks'][0]['wq']"}, tensor<768x768xf32> {jax.result_info = "result[2]['blocks'][0]['wv']"}, tensor<3072xf32> {jax.result_info = "result[2]['blocks'][1]['b_in']"}, tensor<768xf32> {jax.result_info = "result[2]['blocks'][1]['b_out']"}, tensor<768xf32> {jax.result_info = "result[2]['blocks'][1]['ln1_bias']"}, tensor<768xf32> {jax.result_info = "result[2]['blocks'][1]['ln1_scale']"}, tensor<768xf32> {jax.result_info = "result[2]['blocks'][1]['ln2_bias']"}, tensor<768xf32> {jax.result_info = "result[2]['blocks'][1]['ln2_scale']"}, tensor<768x3072xf32> {jax.result_info = "result[2]['blocks'][1]['w_in']"}, tensor<3072x768xf32> {jax.result_info = "result[2]['blocks'][1]['w_out']"}, tensor<768x768xf32> {jax.result_info = "result[2]['blocks'][1]['wk']"}, tensor<768x768xf32> {jax.result_info = "result[2]['blocks'][1]['wo']"}, tensor<768x768xf32> {jax.result_info = "result[2]['blocks'][1]['wq']"}, tensor<768x768xf32> {jax.result_info = "result[2]['blocks'][1]['wv']"}, tensor<768xf32> {jax.result_info = "result[2]['lnf_bias']"}, tensor<768xf32> {jax.result_info = "result[2]['lnf_scale']"}, tensor<1024x768xf32> {jax.result_info = "result[2]['wpe']"}, tensor<50304x768xf32> {jax.result_info = "result[2]['wte']"}, tensor<i32> {jax.result_info = "result[3]"}, tensor<f32> {jax.result_info = "result[4]"}) {
    %0:2 = call @_take(%arg27, %arg85) : (tensor<50304x768xf32>, tensor<8x1024xi32>) -> (tensor<8x1024x768xf32>, tensor<8x1024x1xi32>)
    %1 = stablehlo.broadcast_in_dim %arg26, dims = [1, 2] : (tensor<1024x768xf32>) -> tensor<1x1024x768xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2] : (tensor<1x1024x768xf32>) -> tensor<8x1024x768xf32>
    %3 = stablehlo.add %0#0, %2 : tensor<8x1024x768xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %cst_0 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %7 = stablehlo.divide %5, %6 : tensor<8x1024x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x768xf32>
    %9 = stablehlo.subtract %3, %8 : tensor<8x1024x768xf32>
    %10 = chlo.square %9 : tensor<8x1024x768xf32> -> tensor<8x1024x768xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x1024x768xf32>
    %12 = stablehlo.multiply %11, %9 : tensor<8x1024x768xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %cst_3 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %16 = stablehlo.divide %14, %15 : tensor<8x1024x1xf32>
    %17 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x768xf32>
    %18 = stablehlo.subtract %3, %17 : tensor<8x1024x768xf32>
    %cst_4 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %20 = stablehlo.add %16, %19 : tensor<8x1024x1xf32>
    %21 = stablehlo.rsqrt %20 : tensor<8x1024x1xf32>
    %22 = stablehlo.divide %21, %20 : tensor<8x1024x1xf32>
    %cst_5 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %24 = stablehlo.multiply %23, %22 : tensor<8x1024x1xf32>
    %25 = stablehlo.broadcast_in_dim %21, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x768xf32>
    %26 = stablehlo.multiply %18, %25 : tensor<8x1024x768xf32>
    %27 = stablehlo.broadcast_in_dim %arg3, dims = [2] : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [0, 1, 2] : (tensor<1x1x768xf32>) -> tensor<8x1024x768xf32>
    %29 = stablehlo.multiply %26, %28 : tensor<8x1024x768xf32>
    %30 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [0, 1, 2] : (tensor<1x1x768xf32>) -> tensor<8x1024x768xf32>
    %32 = stablehlo.add %29, %31 : tensor<8x1024x768xf32>
    %33 = stablehlo.dot_general %32, %arg10, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<768x768xf32>) -> tensor<8x1024x768xf32>
    %34 = stablehlo.reshape %33 : (tensor<8x1024x768xf32>) -> tensor<8x1024x12x64xf32>
    %35 = stablehlo.dot_general %32, %arg8, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<768x768xf32>) -> tensor<8x1024x768xf32>
    %36 = stablehlo.reshape %35 : (tensor<8x1024x768xf32>) -> tensor<8x1024x12x64xf32>
    %37 = stablehlo.dot_general %32, %arg11, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<768x768xf32>) -> tensor<8x1024x768xf32>
    %38 = stablehlo.reshape %37 : (tensor<8x1024x768xf32>) -> tensor<8x1024x12x64xf32>
    %39 = stablehlo.dot_general %34, %36, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x12x64xf32>, tensor<8x1024x12x64xf32>) -> tensor<8x12x1024x1024xf32>
    %cst_6 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<8x12x1024x1024xf32>
    %41 = stablehlo.divide %39, %40 : tensor<8x12x1024x1024xf32>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %42 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<1024x1024xi1>
    %43 = call @tril(%42) : (tensor<1024x1024xi1>) -> tensor<1024x1024xi1>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %44:2 = call @_where_0(%43, %41, %cst_7) : (tensor<1024x1024xi1>, tensor<8x12x1024x1024xf32>, tensor<f32>) -> (tensor<8x12x1024x1024xf32>, tensor<8x12x1024x1024xi1>)
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %45 = stablehlo.reduce(%44#0 init: %cst_8) applies stablehlo.maximum across dimensions = [3] : (tensor<8x12x1024x1024xf32>, tensor<f32>) -> tensor<8x12x1024xf32>
    %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %46 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<8x12x1024xf32>
    %47 = stablehlo.maximum %46, %45 : tensor<8x12x1024xf32>
    %48 = stablehlo.broadcast_in_dim %47, dims = [0, 1, 2] : (tensor<8x12x1024xf32>) -> tensor<8x12x1024x1xf32>
    %49 = stablehlo.broadcast_in_dim %48, dims = [0, 1, 2, 3] : (tensor<8x12x1024x1xf32>) -> tensor<8x12x1024x1024xf32>
    %50 = stablehlo.subtract %44#0, %49 : tensor<8x12x1024x1024xf32>
    %51 = stablehlo.exponential %50 : tensor<8x12x1024x1024xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %52 = stablehlo.reduce(%51 init: %cst_10) applies stablehlo.add across dimensions = [3] : (tensor<8x12x1024x1024xf32>, tensor<f32>) -> tensor<8x12x1024xf32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [0, 1, 2] : (tensor<8x12x1024xf32>) -> tensor<8x12x1024x1xf32>
    %54 = stablehlo.broadcast_in_dim %53, dims = [0, 1, 2, 3] : (tensor<8x12x1024x1xf32>) -> tensor<8x12x1024x1024xf32>
    %55 = stablehlo.divide %51, %54 : tensor<8x12x1024x1024xf32>
    %56 = stablehlo.multiply %53, %53 : tensor<8x12x1024x1xf32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<8x12x1024x1xf32>
    %58 = stablehlo.divide %57, %56 : tensor<8x12x1024x1xf32>
    %59 = stablehlo.dot_general %38, %55, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x12x64xf32>, tensor<8x12x1024x1024xf32>) -> tensor<8x12x64x1024xf32>
    %60 = stablehlo.transpose %59, dims = [0, 3, 1, 2] : (tensor<8x12x64x1024xf32>) -> tensor<8x1024x12x64xf32>
    %61 = stablehlo.reshape %60 : (tensor<8x1024x12x64xf32>) -> tensor<8x1024x768xf32>
    %62 = stablehlo.dot_general %61, %arg9, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<768x768xf32>) -> tensor<8x1024x768xf32>
    %63 = stablehlo.add %3, %62 : tensor<8x1024x768xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %64 = stablehlo.reduce(%63 init: %cst_12) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %65 = stablehlo.broadcast_in_dim %64, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %cst_13 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %67 = stablehlo.divide %65, %66 : tensor<8x1024x1xf32>
    %68 = stablehlo.broadcast_in_dim %67, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x768xf32>
    %69 = stablehlo.subtract %63, %68 : tensor<8x1024x768xf32>
    %70 = chlo.square %69 : tensor<8x1024x768xf32> -> tensor<8x1024x768xf32>
    %cst_14 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %71 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<8x1024x768xf32>
    %72 = stablehlo.multiply %71, %69 : tensor<8x1024x768xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %73 = stablehlo.reduce(%70 init: %cst_15) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %74 = stablehlo.broadcast_in_dim %73, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %cst_16 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %75 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %76 = stablehlo.divide %74, %75 : tensor<8x1024x1xf32>
    %77 = stablehlo.broadcast_in_dim %67, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x768xf32>
    %78 = stablehlo.subtract %63, %77 : tensor<8x1024x768xf32>
    %cst_17 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %80 = stablehlo.add %76, %79 : tensor<8x1024x1xf32>
    %81 = stablehlo.rsqrt %80 : tensor<8x1024x1xf32>
    %82 = stablehlo.divide %81, %80 : tensor<8x1024x1xf32>
    %cst_18 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %83 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %84 = stablehlo.multiply %83, %82 : tensor<8x1024x1xf32>
    %85 = stablehlo.broadcast_in_dim %81, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x768xf32>
    %86 = stablehlo.multiply %78, %85 : tensor<8x1024x768xf32>
    %87 = stablehlo.broadcast_in_dim %arg5, dims = [2] : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %88 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2] : (tensor<1x1x768xf32>) -> tensor<8x1024x768xf32>
    %89 = stablehlo.multiply %86, %88 : tensor<8x1024x768xf32>
    %90 = stablehlo.broadcast_in_dim %arg4, dims = [2] : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %91 = stablehlo.broadcast_in_dim %90, dims = [0, 1, 2] : (tensor<1x1x768xf32>) -> tensor<8x1024x768xf32>
    %92 = stablehlo.add %89, %91 : tensor<8x1024x768xf32>
    %93 = stablehlo.dot_general %92, %arg6, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<768x3072xf32>) -> tensor<8x1024x3072xf32>
    %94 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<3072xf32>) -> tensor<1x1x3072xf32>
    %95 = stablehlo.broadcast_in_dim %94, dims = [0, 1, 2] : (tensor<1x1x3072xf32>) -> tensor<8x1024x3072xf32>
    %96 = stablehlo.add %93, %95 : tensor<8x1024x3072xf32>
    %97 = stablehlo.multiply %96, %96 : tensor<8x1024x3072xf32>
    %98 = stablehlo.multiply %97, %96 : tensor<8x1024x3072xf32>
    %99 = stablehlo.multiply %96, %96 : tensor<8x1024x3072xf32>
    %cst_19 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %100 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<8x1024x3072xf32>
    %101 = stablehlo.multiply %100, %99 : tensor<8x1024x3072xf32>
    %cst_20 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %102 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<8x1024x3072xf32>
    %103 = stablehlo.multiply %102, %98 : tensor<8x1024x3072xf32>
    %104 = stablehlo.add %96, %103 : tensor<8x1024x3072xf32>
    %cst_21 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %105 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<8x1024x3072xf32>
    %106 = stablehlo.multiply %105, %104 : tensor<8x1024x3072xf32>
    %107 = stablehlo.tanh %106 : tensor<8x1024x3072xf32>
    %cst_22 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %108 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<8x1024x3072xf32>
    %109 = stablehlo.subtract %108, %107 : tensor<8x1024x3072xf32>
    %cst_23 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %110 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<8x1024x3072xf32>
    %111 = stablehlo.add %110, %107 : tensor<8x1024x3072xf32>
    %cst_24 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %112 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<8x1024x3072xf32>
    %113 = stablehlo.multiply %112, %111 : tensor<8x1024x3072xf32>
    %114 = stablehlo.multiply %96, %113 : tensor<8x1024x3072xf32>
    %115 = stablehlo.dot_general %114, %arg7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x3072xf32>, tensor<3072x768xf32>) -> tensor<8x1024x768xf32>
    %116 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %117 = stablehlo.broadcast_in_dim %116, dims = [0, 1, 2] : (tensor<1x1x768xf32>) -> tensor<8x1024x768xf32>
    %118 = stablehlo.add %115, %117 : tensor<8x1024x768xf32>
    %119 = stablehlo.add %63, %118 : tensor<8x1024x768xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %120 = stablehlo.reduce(%119 init: %cst_25) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %121 = stablehlo.broadcast_in_dim %120, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %cst_26 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %122 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %123 = stablehlo.divide %121, %122 : tensor<8x1024x1xf32>
    %124 = stablehlo.broadcast_in_dim %123, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x768xf32>
    %125 = stablehlo.subtract %119, %124 : tensor<8x1024x768xf32>
    %126 = chlo.square %125 : tensor<8x1024x768xf32> -> tensor<8x1024x768xf32>
    %cst_27 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %127 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<8x1024x768xf32>
    %128 = stablehlo.multiply %127, %125 : tensor<8x1024x768xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %129 = stablehlo.reduce(%126 init: %cst_28) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %130 = stablehlo.broadcast_in_dim %129, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %cst_29 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %131 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %132 = stablehlo.divide %130, %131 : tensor<8x1024x1xf32>
    %133 = stablehlo.broadcast_in_dim %123, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x768xf32>
    %134 = stablehlo.subtract %119, %133 : tensor<8x1024x768xf32>
    %cst_30 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %135 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %136 = stablehlo.add %132, %135 : tensor<8x1024x1xf32>
    %137 = stablehlo.rsqrt %136 : tensor<8x1024x1xf32>
    %138 = stablehlo.divide %137, %136 : tensor<8x1024x1xf32>
    %cst_31 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %139 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %140 = stablehlo.multiply %139, %138 : tensor<8x1024x1xf32>
    %141 = stablehlo.broadcast_in_dim %137, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x768xf32>
    %142 = stablehlo.multiply %134, %141 : tensor<8x1024x768xf32>
    %143 = stablehlo.broadcast_in_dim %arg15, dims = [2] : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %144 = stablehlo.broadcast_in_dim %143, dims = [0, 1, 2] : (tensor<1x1x768xf32>) -> tensor<8x1024x768xf32>
    %145 = stablehlo.multiply %142, %144 : tensor<8x1024x768xf32>
    %146 = stablehlo.broadcast_in_dim %arg14, dims = [2] : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %147 = stablehlo.broadcast_in_dim %146, dims = [0, 1, 2] : (tensor<1x1x768xf32>) -> tensor<8x1024x768xf32>
    %148 = stablehlo.add %145, %147 : tensor<8x1024x768xf32>
    %149 = stablehlo.dot_general %148, %arg22, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<768x768xf32>) -> tensor<8x1024x768xf32>
    %150 = stablehlo.reshape %149 : (tensor<8x1024x768xf32>) -> tensor<8x1024x12x64xf32>
    %151 = stablehlo.dot_general %148, %arg20, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<768x768xf32>) -> tensor<8x1024x768xf32>
    %152 = stablehlo.reshape %151 : (tensor<8x1024x768xf32>) -> tensor<8x1024x12x64xf32>
    %153 = stablehlo.dot_general %148, %arg23, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<768x768xf32>) -> tensor<8x1024x768xf32>
    %154 = stablehlo.reshape %153 : (tensor<8x1024x768xf32>) -> tensor<8x1024x12x64xf32>
    %155 = stablehlo.dot_general %150, %152, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x12x64xf32>, tensor<8x1024x12x64xf32>) -> tensor<8x12x1024x1024xf32>
    %cst_32 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %156 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<8x12x1024x1024xf32>
    %157 = stablehlo.divide %155, %156 : tensor<8x12x1024x1024xf32>
    %c_33 = stablehlo.constant dense<true> : tensor<i1>
    %158 = stablehlo.broadcast_in_dim %c_33, dims = [] : (tensor<i1>) -> tensor<1024x1024xi1>
    %159 = call @tril(%158) : (tensor<1024x1024xi1>) -> tensor<1024x1024xi1>
    %cst_34 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %160:2 = call @_where_0(%159, %157, %cst_34) : (tensor<1024x1024xi1>, tensor<8x12x1024x1024xf32>, tensor<f32>) -> (tensor<8x12x1024x1024xf32>, tensor<8x12x1024x1024xi1>)
    %cst_35 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %161 = stablehlo.reduce(%160#0 init: %cst_35) applies stablehlo.maximum across dimensions = [3] : (tensor<8x12x1024x1024xf32>, tensor<f32>) -> tensor<8x12x1024xf32>
    %cst_36 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %162 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<8x12x1024xf32>
    %163 = stablehlo.maximum %162, %161 : tensor<8x12x1024xf32>
    %164 = stablehlo.broadcast_in_dim %163, dims = [0, 1, 2] : (tensor<8x12x1024xf32>) -> tensor<8x12x1024x1xf32>
    %165 = stablehlo.broadcast_in_dim %164, dims = [0, 1, 2, 3] : (tensor<8x12x1024x1xf32>) -> tensor<8x12x1024x1024xf32>
    %166 = stablehlo.subtract %160#0, %165 : tensor<8x12x1024x1024xf32>
    %167 = stablehlo.exponential %166 : tensor<8x12x1024x1024xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %168 = stablehlo.reduce(%167 init: %cst_37) applies stablehlo.add across dimensions = [3] : (tensor<8x12x1024x1024xf32>, tensor<f32>) -> tensor<8x12x1024xf32>
    %169 = stablehlo.broadcast_in_dim %168, dims = [0, 1, 2] : (tensor<8x12x1024xf32>) -> tensor<8x12x1024x1xf32>
    %170 = stablehlo.broadcast_in_dim %169, dims = [0, 1, 2, 3] : (tensor<8x12x1024x1xf32>) -> tensor<8x12x1024x1024xf32>
    %171 = stablehlo.divide %167, %170 : tensor<8x12x1024x1024xf32>
    %172 = stablehlo.multiply %169, %169 : tensor<8x12x1024x1xf32>
    %cst_38 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %173 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<8x12x1024x1xf32>
    %174 = stablehlo.divide %173, %172 : tensor<8x12x1024x1xf32>
    %175 = stablehlo.dot_general %154, %171, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x12x64xf32>, tensor<8x12x1024x1024xf32>) -> tensor<8x12x64x1024xf32>
    %176 = stablehlo.transpose %175, dims = [0, 3, 1, 2] : (tensor<8x12x64x1024xf32>) -> tensor<8x1024x12x64xf32>
    %177 = stablehlo.reshape %176 : (tensor<8x1024x12x64xf32>) -> tensor<8x1024x768xf32>
    %178 = stablehlo.dot_general %177, %arg21, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<768x768xf32>) -> tensor<8x1024x768xf32>
    %179 = stablehlo.add %119, %178 : tensor<8x1024x768xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %180 = stablehlo.reduce(%179 init: %cst_39) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %181 = stablehlo.broadcast_in_dim %180, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %cst_40 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %182 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %183 = stablehlo.divide %181, %182 : tensor<8x1024x1xf32>
    %184 = stablehlo.broadcast_in_dim %183, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x768xf32>
    %185 = stablehlo.subtract %179, %184 : tensor<8x1024x768xf32>
    %186 = chlo.square %185 : tensor<8x1024x768xf32> -> tensor<8x1024x768xf32>
    %cst_41 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %187 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<8x1024x768xf32>
    %188 = stablehlo.multiply %187, %185 : tensor<8x1024x768xf32>
    %cst_42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %189 = stablehlo.reduce(%186 init: %cst_42) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %190 = stablehlo.broadcast_in_dim %189, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %cst_43 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %191 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %192 = stablehlo.divide %190, %191 : tensor<8x1024x1xf32>
    %193 = stablehlo.broadcast_in_dim %183, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x768xf32>
    %194 = stablehlo.subtract %179, %193 : tensor<8x1024x768xf32>
    %cst_44 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %195 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %196 = stablehlo.add %192, %195 : tensor<8x1024x1xf32>
    %197 = stablehlo.rsqrt %196 : tensor<8x1024x1xf32>
    %198 = stablehlo.divide %197, %196 : tensor<8x1024x1xf32>
    %cst_45 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %199 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %200 = stablehlo.multiply %199, %198 : tensor<8x1024x1xf32>
    %201 = stablehlo.broadcast_in_dim %197, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x768xf32>
    %202 = stablehlo.multiply %194, %201 : tensor<8x1024x768xf32>
    %203 = stablehlo.broadcast_in_dim %arg17, dims = [2] : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %204 = stablehlo.broadcast_in_dim %203, dims = [0, 1, 2] : (tensor<1x1x768xf32>) -> tensor<8x1024x768xf32>
    %205 = stablehlo.multiply %202, %204 : tensor<8x1024x768xf32>
    %206 = stablehlo.broadcast_in_dim %arg16, dims = [2] : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %207 = stablehlo.broadcast_in_dim %206, dims = [0, 1, 2] : (tensor<1x1x768xf32>) -> tensor<8x1024x768xf32>
    %208 = stablehlo.add %205, %207 : tensor<8x1024x768xf32>
    %209 = stablehlo.dot_general %208, %arg18, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<768x3072xf32>) -> tensor<8x1024x3072xf32>
    %210 = stablehlo.broadcast_in_dim %arg12, dims = [2] : (tensor<3072xf32>) -> tensor<1x1x3072xf32>
    %211 = stablehlo.broadcast_in_dim %210, dims = [0, 1, 2] : (tensor<1x1x3072xf32>) -> tensor<8x1024x3072xf32>
    %212 = stablehlo.add %209, %211 : tensor<8x1024x3072xf32>
    %213 = stablehlo.multiply %212, %212 : tensor<8x1024x3072xf32>
    %214 = stablehlo.multiply %213, %212 : tensor<8x1024x3072xf32>
    %215 = stablehlo.multiply %212, %212 : tensor<8x1024x3072xf32>
    %cst_46 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %216 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<8x1024x3072xf32>
    %217 = stablehlo.multiply %216, %215 : tensor<8x1024x3072xf32>
    %cst_47 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %218 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<8x1024x3072xf32>
    %219 = stablehlo.multiply %218, %214 : tensor<8x1024x3072xf32>
    %220 = stablehlo.add %212, %219 : tensor<8x1024x3072xf32>
    %cst_48 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %221 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<8x1024x3072xf32>
    %222 = stablehlo.multiply %221, %220 : tensor<8x1024x3072xf32>
    %223 = stablehlo.tanh %222 : tensor<8x1024x3072xf32>
    %cst_49 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %224 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<8x1024x3072xf32>
    %225 = stablehlo.subtract %224, %223 : tensor<8x1024x3072xf32>
    %cst_50 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %226 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<8x1024x3072xf32>
    %227 = stablehlo.add %226, %223 : tensor<8x1024x3072xf32>
    %cst_51 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %228 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<8x1024x3072xf32>
    %229 = stablehlo.multiply %228, %227 : tensor<8x1024x3072xf32>
    %230 = stablehlo.multiply %212, %229 : tensor<8x1024x3072xf32>
    %231 = stablehlo.dot_general %230, %arg19, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x3072xf32>, tensor<3072x768xf32>) -> tensor<8x1024x768xf32>
    %232 = stablehlo.broadcast_in_dim %arg13, dims = [2] : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %233 = stablehlo.broadcast_in_dim %232, dims = [0, 1, 2] : (tensor<1x1x768xf32>) -> tensor<8x1024x768xf32>
    %234 = stablehlo.add %231, %233 : tensor<8x1024x768xf32>
    %235 = stablehlo.add %179, %234 : tensor<8x1024x768xf32>
    %cst_52 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %236 = stablehlo.reduce(%235 init: %cst_52) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %237 = stablehlo.broadcast_in_dim %236, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %cst_53 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %238 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %239 = stablehlo.divide %237, %238 : tensor<8x1024x1xf32>
    %240 = stablehlo.broadcast_in_dim %239, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x768xf32>
    %241 = stablehlo.subtract %235, %240 : tensor<8x1024x768xf32>
    %242 = chlo.square %241 : tensor<8x1024x768xf32> -> tensor<8x1024x768xf32>
    %cst_54 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %243 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<8x1024x768xf32>
    %244 = stablehlo.multiply %243, %241 : tensor<8x1024x768xf32>
    %cst_55 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %245 = stablehlo.reduce(%242 init: %cst_55) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %246 = stablehlo.broadcast_in_dim %245, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %cst_56 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %247 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %248 = stablehlo.divide %246, %247 : tensor<8x1024x1xf32>
    %249 = stablehlo.broadcast_in_dim %239, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x768xf32>
    %250 = stablehlo.subtract %235, %249 : tensor<8x1024x768xf32>
    %cst_57 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %251 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %252 = stablehlo.add %248, %251 : tensor<8x1024x1xf32>
    %253 = stablehlo.rsqrt %252 : tensor<8x1024x1xf32>
    %254 = stablehlo.divide %253, %252 : tensor<8x1024x1xf32>
    %cst_58 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %255 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %256 = stablehlo.multiply %255, %254 : tensor<8x1024x1xf32>
    %257 = stablehlo.broadcast_in_dim %253, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x768xf32>
    %258 = stablehlo.multiply %250, %257 : tensor<8x1024x768xf32>
    %259 = stablehlo.broadcast_in_dim %arg25, dims = [2] : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %260 = stablehlo.broadcast_in_dim %259, dims = [0, 1, 2] : (tensor<1x1x768xf32>) -> tensor<8x1024x768xf32>
    %261 = stablehlo.multiply %258, %260 : tensor<8x1024x768xf32>
    %262 = stablehlo.broadcast_in_dim %arg24, dims = [2] : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %263 = stablehlo.broadcast_in_dim %262, dims = [0, 1, 2] : (tensor<1x1x768xf32>) -> tensor<8x1024x768xf32>
    %264 = stablehlo.add %261, %263 : tensor<8x1024x768xf32>
    %265 = stablehlo.dot_general %264, %arg27, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<50304x768xf32>) -> tensor<8x1024x50304xf32>
    %266:3 = call @log_softmax(%265) : (tensor<8x1024x50304xf32>) -> (tensor<8x1024x50304xf32>, tensor<8x1024x50304xf32>, tensor<8x1024x1xf32>)
    %267 = stablehlo.broadcast_in_dim %arg86, dims = [0, 1] : (tensor<8x1024xi32>) -> tensor<8x1024x1xi32>
    %268:2 = call @take_along_axis(%266#0, %267) : (tensor<8x1024x50304xf32>, tensor<8x1024x1xi32>) -> (tensor<8x1024x1xf32>, tensor<8x1024x1x1xi32>)
    %cst_59 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %269 = stablehlo.reduce(%268#0 init: %cst_59) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x1024x1xf32>, tensor<f32>) -> tensor<f32>
    %cst_60 = stablehlo.constant dense<8.192000e+03> : tensor<f32>
    %270 = stablehlo.divide %269, %cst_60 : tensor<f32>
    %271 = stablehlo.negate %270 : tensor<f32>
    %cst_61 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %272 = stablehlo.negate %cst_61 : tensor<f32>
    %cst_62 = stablehlo.constant dense<8.192000e+03> : tensor<f32>
    %273 = stablehlo.divide %272, %cst_62 : tensor<f32>
    %274 = stablehlo.broadcast_in_dim %273, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %275 = call @take_along_axis_1(%268#1, %274) : (tensor<8x1024x1x1xi32>, tensor<8x1024x1xf32>) -> tensor<8x1024x50304xf32>
    %276 = call @log_softmax_2(%266#1, %266#2, %275) : (tensor<8x1024x50304xf32>, tensor<8x1024x1xf32>, tensor<8x1024x50304xf32>) -> tensor<8x1024x50304xf32>
    %277 = stablehlo.dot_general %276, %264, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x50304xf32>, tensor<8x1024x768xf32>) -> tensor<50304x768xf32>
    %278 = stablehlo.dot_general %276, %arg27, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x50304xf32>, tensor<50304x768xf32>) -> tensor<8x1024x768xf32>
    %cst_63 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %279 = stablehlo.reduce(%278 init: %cst_63) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<768xf32>
    %280 = stablehlo.reshape %279 : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %cst_64 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %281 = stablehlo.reduce(%280 init: %cst_64) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x768xf32>, tensor<f32>) -> tensor<768xf32>
    %282 = stablehlo.multiply %258, %278 : tensor<8x1024x768xf32>
    %cst_65 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %283 = stablehlo.reduce(%282 init: %cst_65) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<768xf32>
    %284 = stablehlo.reshape %283 : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %285 = stablehlo.broadcast_in_dim %259, dims = [0, 1, 2] : (tensor<1x1x768xf32>) -> tensor<8x1024x768xf32>
    %286 = stablehlo.multiply %278, %285 : tensor<8x1024x768xf32>
    %cst_66 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %287 = stablehlo.reduce(%284 init: %cst_66) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x768xf32>, tensor<f32>) -> tensor<768xf32>
    %288 = stablehlo.multiply %250, %286 : tensor<8x1024x768xf32>
    %cst_67 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %289 = stablehlo.reduce(%288 init: %cst_67) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %290 = stablehlo.reshape %289 : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %291 = stablehlo.broadcast_in_dim %253, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x768xf32>
    %292 = stablehlo.multiply %286, %291 : tensor<8x1024x768xf32>
    %293 = stablehlo.multiply %290, %256 : tensor<8x1024x1xf32>
    %294 = stablehlo.negate %292 : tensor<8x1024x768xf32>
    %cst_68 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %295 = stablehlo.reduce(%294 init: %cst_68) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %296 = stablehlo.reshape %295 : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %cst_69 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %297 = stablehlo.broadcast_in_dim %cst_69, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %298 = stablehlo.divide %293, %297 : tensor<8x1024x1xf32>
    %cst_70 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %299 = stablehlo.reduce(%298 init: %cst_70) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x1xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %300 = stablehlo.broadcast_in_dim %299, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x768xf32>
    %301 = stablehlo.multiply %300, %244 : tensor<8x1024x768xf32>
    %302 = stablehlo.negate %301 : tensor<8x1024x768xf32>
    %cst_71 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %303 = stablehlo.reduce(%302 init: %cst_71) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %304 = stablehlo.reshape %303 : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %305 = stablehlo.add %292, %301 : tensor<8x1024x768xf32>
    %306 = stablehlo.add %296, %304 : tensor<8x1024x1xf32>
    %cst_72 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %307 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %308 = stablehlo.divide %306, %307 : tensor<8x1024x1xf32>
    %cst_73 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %309 = stablehlo.reduce(%308 init: %cst_73) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x1xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %310 = stablehlo.broadcast_in_dim %309, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x768xf32>
    %311 = stablehlo.add %305, %310 : tensor<8x1024x768xf32>
    %cst_74 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %312 = stablehlo.reduce(%311 init: %cst_74) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<768xf32>
    %313 = stablehlo.reshape %312 : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %cst_75 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %314 = stablehlo.reduce(%313 init: %cst_75) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x768xf32>, tensor<f32>) -> tensor<768xf32>
    %315 = stablehlo.dot_general %311, %230, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<8x1024x3072xf32>) -> tensor<768x3072xf32>
    %316 = stablehlo.transpose %315, dims = [1, 0] : (tensor<768x3072xf32>) -> tensor<3072x768xf32>
    %317 = stablehlo.dot_general %311, %arg19, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<3072x768xf32>) -> tensor<8x1024x3072xf32>
    %318 = stablehlo.multiply %212, %317 : tensor<8x1024x3072xf32>
    %319 = stablehlo.multiply %317, %229 : tensor<8x1024x3072xf32>
    %cst_76 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %320 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<8x1024x3072xf32>
    %321 = stablehlo.multiply %320, %318 : tensor<8x1024x3072xf32>
    %322 = stablehlo.multiply %321, %225 : tensor<8x1024x3072xf32>
    %323 = stablehlo.multiply %322, %223 : tensor<8x1024x3072xf32>
    %324 = stablehlo.add %322, %323 : tensor<8x1024x3072xf32>
    %cst_77 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %325 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<8x1024x3072xf32>
    %326 = stablehlo.multiply %325, %324 : tensor<8x1024x3072xf32>
    %327 = stablehlo.add %319, %326 : tensor<8x1024x3072xf32>
    %cst_78 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %328 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<8x1024x3072xf32>
    %329 = stablehlo.multiply %328, %326 : tensor<8x1024x3072xf32>
    %330 = stablehlo.multiply %329, %217 : tensor<8x1024x3072xf32>
    %331 = stablehlo.add %327, %330 : tensor<8x1024x3072xf32>
    %cst_79 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %332 = stablehlo.reduce(%331 init: %cst_79) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x1024x3072xf32>, tensor<f32>) -> tensor<3072xf32>
    %333 = stablehlo.reshape %332 : (tensor<3072xf32>) -> tensor<1x1x3072xf32>
    %cst_80 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %334 = stablehlo.reduce(%333 init: %cst_80) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x3072xf32>, tensor<f32>) -> tensor<3072xf32>
    %335 = stablehlo.dot_general %331, %208, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x3072xf32>, tensor<8x1024x768xf32>) -> tensor<3072x768xf32>
    %336 = stablehlo.transpose %335, dims = [1, 0] : (tensor<3072x768xf32>) -> tensor<768x3072xf32>
    %337 = stablehlo.dot_general %331, %arg18, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x3072xf32>, tensor<768x3072xf32>) -> tensor<8x1024x768xf32>
    %cst_81 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %338 = stablehlo.reduce(%337 init: %cst_81) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<768xf32>
    %339 = stablehlo.reshape %338 : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %cst_82 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %340 = stablehlo.reduce(%339 init: %cst_82) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x768xf32>, tensor<f32>) -> tensor<768xf32>
    %341 = stablehlo.multiply %202, %337 : tensor<8x1024x768xf32>
    %cst_83 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %342 = stablehlo.reduce(%341 init: %cst_83) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<768xf32>
    %343 = stablehlo.reshape %342 : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %344 = stablehlo.broadcast_in_dim %203, dims = [0, 1, 2] : (tensor<1x1x768xf32>) -> tensor<8x1024x768xf32>
    %345 = stablehlo.multiply %337, %344 : tensor<8x1024x768xf32>
    %cst_84 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %346 = stablehlo.reduce(%343 init: %cst_84) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x768xf32>, tensor<f32>) -> tensor<768xf32>
    %347 = stablehlo.multiply %194, %345 : tensor<8x1024x768xf32>
    %cst_85 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %348 = stablehlo.reduce(%347 init: %cst_85) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %349 = stablehlo.reshape %348 : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %350 = stablehlo.broadcast_in_dim %197, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x768xf32>
    %351 = stablehlo.multiply %345, %350 : tensor<8x1024x768xf32>
    %352 = stablehlo.multiply %349, %200 : tensor<8x1024x1xf32>
    %353 = stablehlo.negate %351 : tensor<8x1024x768xf32>
    %cst_86 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %354 = stablehlo.reduce(%353 init: %cst_86) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %355 = stablehlo.reshape %354 : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %356 = stablehlo.add %311, %351 : tensor<8x1024x768xf32>
    %cst_87 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %357 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %358 = stablehlo.divide %352, %357 : tensor<8x1024x1xf32>
    %cst_88 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %359 = stablehlo.reduce(%358 init: %cst_88) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x1xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %360 = stablehlo.broadcast_in_dim %359, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x768xf32>
    %361 = stablehlo.multiply %360, %188 : tensor<8x1024x768xf32>
    %362 = stablehlo.negate %361 : tensor<8x1024x768xf32>
    %cst_89 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %363 = stablehlo.reduce(%362 init: %cst_89) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %364 = stablehlo.reshape %363 : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %365 = stablehlo.add %356, %361 : tensor<8x1024x768xf32>
    %366 = stablehlo.add %355, %364 : tensor<8x1024x1xf32>
    %cst_90 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %367 = stablehlo.broadcast_in_dim %cst_90, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %368 = stablehlo.divide %366, %367 : tensor<8x1024x1xf32>
    %cst_91 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %369 = stablehlo.reduce(%368 init: %cst_91) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x1xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %370 = stablehlo.broadcast_in_dim %369, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x768xf32>
    %371 = stablehlo.add %365, %370 : tensor<8x1024x768xf32>
    %372 = stablehlo.dot_general %371, %177, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<8x1024x768xf32>) -> tensor<768x768xf32>
    %373 = stablehlo.transpose %372, dims = [1, 0] : (tensor<768x768xf32>) -> tensor<768x768xf32>
    %374 = stablehlo.dot_general %371, %arg21, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<768x768xf32>) -> tensor<8x1024x768xf32>
    %375 = stablehlo.reshape %374 : (tensor<8x1024x768xf32>) -> tensor<8x1024x12x64xf32>
    %376 = stablehlo.transpose %375, dims = [0, 2, 3, 1] : (tensor<8x1024x12x64xf32>) -> tensor<8x12x64x1024xf32>
    %377 = stablehlo.dot_general %376, %154, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x12x64x1024xf32>, tensor<8x1024x12x64xf32>) -> tensor<8x12x1024x1024xf32>
    %378 = stablehlo.dot_general %376, %171, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<8x12x64x1024xf32>, tensor<8x12x1024x1024xf32>) -> tensor<8x12x64x1024xf32>
    %379 = stablehlo.transpose %378, dims = [0, 3, 1, 2] : (tensor<8x12x64x1024xf32>) -> tensor<8x1024x12x64xf32>
    %380 = stablehlo.broadcast_in_dim %174, dims = [0, 1, 2, 3] : (tensor<8x12x1024x1xf32>) -> tensor<8x12x1024x1024xf32>
    %381 = stablehlo.multiply %377, %380 : tensor<8x12x1024x1024xf32>
    %382 = stablehlo.multiply %381, %167 : tensor<8x12x1024x1024xf32>
    %cst_92 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %383 = stablehlo.reduce(%382 init: %cst_92) applies stablehlo.add across dimensions = [3] : (tensor<8x12x1024x1024xf32>, tensor<f32>) -> tensor<8x12x1024xf32>
    %384 = stablehlo.reshape %383 : (tensor<8x12x1024xf32>) -> tensor<8x12x1024x1xf32>
    %385 = stablehlo.negate %384 : tensor<8x12x1024x1xf32>
    %386 = stablehlo.broadcast_in_dim %169, dims = [0, 1, 2, 3] : (tensor<8x12x1024x1xf32>) -> tensor<8x12x1024x1024xf32>
    %387 = stablehlo.divide %377, %386 : tensor<8x12x1024x1024xf32>
    %cst_93 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %388 = stablehlo.reduce(%385 init: %cst_93) applies stablehlo.add across dimensions = [3] : (tensor<8x12x1024x1xf32>, tensor<f32>) -> tensor<8x12x1024xf32>
    %389 = stablehlo.broadcast_in_dim %388, dims = [0, 1, 2] : (tensor<8x12x1024xf32>) -> tensor<8x12x1024x1024xf32>
    %390 = stablehlo.add %387, %389 : tensor<8x12x1024x1024xf32>
    %391 = stablehlo.multiply %390, %167 : tensor<8x12x1024x1024xf32>
    %392 = call @_where_3(%160#1, %391) : (tensor<8x12x1024x1024xi1>, tensor<8x12x1024x1024xf32>) -> tensor<8x12x1024x1024xf32>
    %cst_94 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %393 = stablehlo.broadcast_in_dim %cst_94, dims = [] : (tensor<f32>) -> tensor<8x12x1024x1024xf32>
    %394 = stablehlo.divide %392, %393 : tensor<8x12x1024x1024xf32>
    %395 = stablehlo.dot_general %394, %150, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x12x1024x1024xf32>, tensor<8x1024x12x64xf32>) -> tensor<8x12x1024x64xf32>
    %396 = stablehlo.transpose %395, dims = [0, 2, 1, 3] : (tensor<8x12x1024x64xf32>) -> tensor<8x1024x12x64xf32>
    %397 = stablehlo.dot_general %394, %152, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x12x1024x1024xf32>, tensor<8x1024x12x64xf32>) -> tensor<8x12x1024x64xf32>
    %398 = stablehlo.transpose %397, dims = [0, 2, 1, 3] : (tensor<8x12x1024x64xf32>) -> tensor<8x1024x12x64xf32>
    %399 = stablehlo.reshape %379 : (tensor<8x1024x12x64xf32>) -> tensor<8x1024x768xf32>
    %400 = stablehlo.dot_general %399, %148, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<8x1024x768xf32>) -> tensor<768x768xf32>
    %401 = stablehlo.transpose %400, dims = [1, 0] : (tensor<768x768xf32>) -> tensor<768x768xf32>
    %402 = stablehlo.dot_general %399, %arg23, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<768x768xf32>) -> tensor<8x1024x768xf32>
    %403 = stablehlo.reshape %396 : (tensor<8x1024x12x64xf32>) -> tensor<8x1024x768xf32>
    %404 = stablehlo.dot_general %403, %148, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<8x1024x768xf32>) -> tensor<768x768xf32>
    %405 = stablehlo.transpose %404, dims = [1, 0] : (tensor<768x768xf32>) -> tensor<768x768xf32>
    %406 = stablehlo.dot_general %403, %arg20, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<768x768xf32>) -> tensor<8x1024x768xf32>
    %407 = stablehlo.add %402, %406 : tensor<8x1024x768xf32>
    %408 = stablehlo.reshape %398 : (tensor<8x1024x12x64xf32>) -> tensor<8x1024x768xf32>
    %409 = stablehlo.dot_general %408, %148, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<8x1024x768xf32>) -> tensor<768x768xf32>
    %410 = stablehlo.transpose %409, dims = [1, 0] : (tensor<768x768xf32>) -> tensor<768x768xf32>
    %411 = stablehlo.dot_general %408, %arg22, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<768x768xf32>) -> tensor<8x1024x768xf32>
    %412 = stablehlo.add %407, %411 : tensor<8x1024x768xf32>
    %cst_95 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %413 = stablehlo.reduce(%412 init: %cst_95) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<768xf32>
    %414 = stablehlo.reshape %413 : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %cst_96 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %415 = stablehlo.reduce(%414 init: %cst_96) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x768xf32>, tensor<f32>) -> tensor<768xf32>
    %416 = stablehlo.multiply %142, %412 : tensor<8x1024x768xf32>
    %cst_97 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %417 = stablehlo.reduce(%416 init: %cst_97) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<768xf32>
    %418 = stablehlo.reshape %417 : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %419 = stablehlo.broadcast_in_dim %143, dims = [0, 1, 2] : (tensor<1x1x768xf32>) -> tensor<8x1024x768xf32>
    %420 = stablehlo.multiply %412, %419 : tensor<8x1024x768xf32>
    %cst_98 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %421 = stablehlo.reduce(%418 init: %cst_98) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x768xf32>, tensor<f32>) -> tensor<768xf32>
    %422 = stablehlo.multiply %134, %420 : tensor<8x1024x768xf32>
    %cst_99 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %423 = stablehlo.reduce(%422 init: %cst_99) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %424 = stablehlo.reshape %423 : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %425 = stablehlo.broadcast_in_dim %137, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x768xf32>
    %426 = stablehlo.multiply %420, %425 : tensor<8x1024x768xf32>
    %427 = stablehlo.multiply %424, %140 : tensor<8x1024x1xf32>
    %428 = stablehlo.negate %426 : tensor<8x1024x768xf32>
    %cst_100 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %429 = stablehlo.reduce(%428 init: %cst_100) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %430 = stablehlo.reshape %429 : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %431 = stablehlo.add %371, %426 : tensor<8x1024x768xf32>
    %cst_101 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %432 = stablehlo.broadcast_in_dim %cst_101, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %433 = stablehlo.divide %427, %432 : tensor<8x1024x1xf32>
    %cst_102 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %434 = stablehlo.reduce(%433 init: %cst_102) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x1xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %435 = stablehlo.broadcast_in_dim %434, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x768xf32>
    %436 = stablehlo.multiply %435, %128 : tensor<8x1024x768xf32>
    %437 = stablehlo.negate %436 : tensor<8x1024x768xf32>
    %cst_103 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %438 = stablehlo.reduce(%437 init: %cst_103) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %439 = stablehlo.reshape %438 : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %440 = stablehlo.add %431, %436 : tensor<8x1024x768xf32>
    %441 = stablehlo.add %430, %439 : tensor<8x1024x1xf32>
    %cst_104 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %442 = stablehlo.broadcast_in_dim %cst_104, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %443 = stablehlo.divide %441, %442 : tensor<8x1024x1xf32>
    %cst_105 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %444 = stablehlo.reduce(%443 init: %cst_105) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x1xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %445 = stablehlo.broadcast_in_dim %444, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x768xf32>
    %446 = stablehlo.add %440, %445 : tensor<8x1024x768xf32>
    %cst_106 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %447 = stablehlo.reduce(%446 init: %cst_106) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<768xf32>
    %448 = stablehlo.reshape %447 : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %cst_107 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %449 = stablehlo.reduce(%448 init: %cst_107) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x768xf32>, tensor<f32>) -> tensor<768xf32>
    %450 = stablehlo.dot_general %446, %114, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<8x1024x3072xf32>) -> tensor<768x3072xf32>
    %451 = stablehlo.transpose %450, dims = [1, 0] : (tensor<768x3072xf32>) -> tensor<3072x768xf32>
    %452 = stablehlo.dot_general %446, %arg7, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<3072x768xf32>) -> tensor<8x1024x3072xf32>
    %453 = stablehlo.multiply %96, %452 : tensor<8x1024x3072xf32>
    %454 = stablehlo.multiply %452, %113 : tensor<8x1024x3072xf32>
    %cst_108 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %455 = stablehlo.broadcast_in_dim %cst_108, dims = [] : (tensor<f32>) -> tensor<8x1024x3072xf32>
    %456 = stablehlo.multiply %455, %453 : tensor<8x1024x3072xf32>
    %457 = stablehlo.multiply %456, %109 : tensor<8x1024x3072xf32>
    %458 = stablehlo.multiply %457, %107 : tensor<8x1024x3072xf32>
    %459 = stablehlo.add %457, %458 : tensor<8x1024x3072xf32>
    %cst_109 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %460 = stablehlo.broadcast_in_dim %cst_109, dims = [] : (tensor<f32>) -> tensor<8x1024x3072xf32>
    %461 = stablehlo.multiply %460, %459 : tensor<8x1024x3072xf32>
    %462 = stablehlo.add %454, %461 : tensor<8x1024x3072xf32>
    %cst_110 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %463 = stablehlo.broadcast_in_dim %cst_110, dims = [] : (tensor<f32>) -> tensor<8x1024x3072xf32>
    %464 = stablehlo.multiply %463, %461 : tensor<8x1024x3072xf32>
    %465 = stablehlo.multiply %464, %101 : tensor<8x1024x3072xf32>
    %466 = stablehlo.add %462, %465 : tensor<8x1024x3072xf32>
    %cst_111 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %467 = stablehlo.reduce(%466 init: %cst_111) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x1024x3072xf32>, tensor<f32>) -> tensor<3072xf32>
    %468 = stablehlo.reshape %467 : (tensor<3072xf32>) -> tensor<1x1x3072xf32>
    %cst_112 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %469 = stablehlo.reduce(%468 init: %cst_112) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x3072xf32>, tensor<f32>) -> tensor<3072xf32>
    %470 = stablehlo.dot_general %466, %92, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x3072xf32>, tensor<8x1024x768xf32>) -> tensor<3072x768xf32>
    %471 = stablehlo.transpose %470, dims = [1, 0] : (tensor<3072x768xf32>) -> tensor<768x3072xf32>
    %472 = stablehlo.dot_general %466, %arg6, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x3072xf32>, tensor<768x3072xf32>) -> tensor<8x1024x768xf32>
    %cst_113 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %473 = stablehlo.reduce(%472 init: %cst_113) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<768xf32>
    %474 = stablehlo.reshape %473 : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %cst_114 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %475 = stablehlo.reduce(%474 init: %cst_114) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x768xf32>, tensor<f32>) -> tensor<768xf32>
    %476 = stablehlo.multiply %86, %472 : tensor<8x1024x768xf32>
    %cst_115 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %477 = stablehlo.reduce(%476 init: %cst_115) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<768xf32>
    %478 = stablehlo.reshape %477 : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %479 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2] : (tensor<1x1x768xf32>) -> tensor<8x1024x768xf32>
    %480 = stablehlo.multiply %472, %479 : tensor<8x1024x768xf32>
    %cst_116 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %481 = stablehlo.reduce(%478 init: %cst_116) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x768xf32>, tensor<f32>) -> tensor<768xf32>
    %482 = stablehlo.multiply %78, %480 : tensor<8x1024x768xf32>
    %cst_117 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %483 = stablehlo.reduce(%482 init: %cst_117) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %484 = stablehlo.reshape %483 : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %485 = stablehlo.broadcast_in_dim %81, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x768xf32>
    %486 = stablehlo.multiply %480, %485 : tensor<8x1024x768xf32>
    %487 = stablehlo.multiply %484, %84 : tensor<8x1024x1xf32>
    %488 = stablehlo.negate %486 : tensor<8x1024x768xf32>
    %cst_118 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %489 = stablehlo.reduce(%488 init: %cst_118) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %490 = stablehlo.reshape %489 : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %491 = stablehlo.add %446, %486 : tensor<8x1024x768xf32>
    %cst_119 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %492 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %493 = stablehlo.divide %487, %492 : tensor<8x1024x1xf32>
    %cst_120 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %494 = stablehlo.reduce(%493 init: %cst_120) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x1xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %495 = stablehlo.broadcast_in_dim %494, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x768xf32>
    %496 = stablehlo.multiply %495, %72 : tensor<8x1024x768xf32>
    %497 = stablehlo.negate %496 : tensor<8x1024x768xf32>
    %cst_121 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %498 = stablehlo.reduce(%497 init: %cst_121) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %499 = stablehlo.reshape %498 : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %500 = stablehlo.add %491, %496 : tensor<8x1024x768xf32>
    %501 = stablehlo.add %490, %499 : tensor<8x1024x1xf32>
    %cst_122 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %502 = stablehlo.broadcast_in_dim %cst_122, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %503 = stablehlo.divide %501, %502 : tensor<8x1024x1xf32>
    %cst_123 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %504 = stablehlo.reduce(%503 init: %cst_123) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x1xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %505 = stablehlo.broadcast_in_dim %504, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x768xf32>
    %506 = stablehlo.add %500, %505 : tensor<8x1024x768xf32>
    %507 = stablehlo.dot_general %506, %61, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<8x1024x768xf32>) -> tensor<768x768xf32>
    %508 = stablehlo.transpose %507, dims = [1, 0] : (tensor<768x768xf32>) -> tensor<768x768xf32>
    %509 = stablehlo.dot_general %506, %arg9, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<768x768xf32>) -> tensor<8x1024x768xf32>
    %510 = stablehlo.reshape %509 : (tensor<8x1024x768xf32>) -> tensor<8x1024x12x64xf32>
    %511 = stablehlo.transpose %510, dims = [0, 2, 3, 1] : (tensor<8x1024x12x64xf32>) -> tensor<8x12x64x1024xf32>
    %512 = stablehlo.dot_general %511, %38, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x12x64x1024xf32>, tensor<8x1024x12x64xf32>) -> tensor<8x12x1024x1024xf32>
    %513 = stablehlo.dot_general %511, %55, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<8x12x64x1024xf32>, tensor<8x12x1024x1024xf32>) -> tensor<8x12x64x1024xf32>
    %514 = stablehlo.transpose %513, dims = [0, 3, 1, 2] : (tensor<8x12x64x1024xf32>) -> tensor<8x1024x12x64xf32>
    %515 = stablehlo.broadcast_in_dim %58, dims = [0, 1, 2, 3] : (tensor<8x12x1024x1xf32>) -> tensor<8x12x1024x1024xf32>
    %516 = stablehlo.multiply %512, %515 : tensor<8x12x1024x1024xf32>
    %517 = stablehlo.multiply %516, %51 : tensor<8x12x1024x1024xf32>
    %cst_124 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %518 = stablehlo.reduce(%517 init: %cst_124) applies stablehlo.add across dimensions = [3] : (tensor<8x12x1024x1024xf32>, tensor<f32>) -> tensor<8x12x1024xf32>
    %519 = stablehlo.reshape %518 : (tensor<8x12x1024xf32>) -> tensor<8x12x1024x1xf32>
    %520 = stablehlo.negate %519 : tensor<8x12x1024x1xf32>
    %521 = stablehlo.broadcast_in_dim %53, dims = [0, 1, 2, 3] : (tensor<8x12x1024x1xf32>) -> tensor<8x12x1024x1024xf32>
    %522 = stablehlo.divide %512, %521 : tensor<8x12x1024x1024xf32>
    %cst_125 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %523 = stablehlo.reduce(%520 init: %cst_125) applies stablehlo.add across dimensions = [3] : (tensor<8x12x1024x1xf32>, tensor<f32>) -> tensor<8x12x1024xf32>
    %524 = stablehlo.broadcast_in_dim %523, dims = [0, 1, 2] : (tensor<8x12x1024xf32>) -> tensor<8x12x1024x1024xf32>
    %525 = stablehlo.add %522, %524 : tensor<8x12x1024x1024xf32>
    %526 = stablehlo.multiply %525, %51 : tensor<8x12x1024x1024xf32>
    %527 = call @_where_3(%44#1, %526) : (tensor<8x12x1024x1024xi1>, tensor<8x12x1024x1024xf32>) -> tensor<8x12x1024x1024xf32>
    %cst_126 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %528 = stablehlo.broadcast_in_dim %cst_126, dims = [] : (tensor<f32>) -> tensor<8x12x1024x1024xf32>
    %529 = stablehlo.divide %527, %528 : tensor<8x12x1024x1024xf32>
    %530 = stablehlo.dot_general %529, %34, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x12x1024x1024xf32>, tensor<8x1024x12x64xf32>) -> tensor<8x12x1024x64xf32>
    %531 = stablehlo.transpose %530, dims = [0, 2, 1, 3] : (tensor<8x12x1024x64xf32>) -> tensor<8x1024x12x64xf32>
    %532 = stablehlo.dot_general %529, %36, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x12x1024x1024xf32>, tensor<8x1024x12x64xf32>) -> tensor<8x12x1024x64xf32>
    %533 = stablehlo.transpose %532, dims = [0, 2, 1, 3] : (tensor<8x12x1024x64xf32>) -> tensor<8x1024x12x64xf32>
    %534 = stablehlo.reshape %514 : (tensor<8x1024x12x64xf32>) -> tensor<8x1024x768xf32>
    %535 = stablehlo.dot_general %534, %32, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<8x1024x768xf32>) -> tensor<768x768xf32>
    %536 = stablehlo.transpose %535, dims = [1, 0] : (tensor<768x768xf32>) -> tensor<768x768xf32>
    %537 = stablehlo.dot_general %534, %arg11, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<768x768xf32>) -> tensor<8x1024x768xf32>
    %538 = stablehlo.reshape %531 : (tensor<8x1024x12x64xf32>) -> tensor<8x1024x768xf32>
    %539 = stablehlo.dot_general %538, %32, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<8x1024x768xf32>) -> tensor<768x768xf32>
    %540 = stablehlo.transpose %539, dims = [1, 0] : (tensor<768x768xf32>) -> tensor<768x768xf32>
    %541 = stablehlo.dot_general %538, %arg8, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<768x768xf32>) -> tensor<8x1024x768xf32>
    %542 = stablehlo.add %537, %541 : tensor<8x1024x768xf32>
    %543 = stablehlo.reshape %533 : (tensor<8x1024x12x64xf32>) -> tensor<8x1024x768xf32>
    %544 = stablehlo.dot_general %543, %32, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<8x1024x768xf32>) -> tensor<768x768xf32>
    %545 = stablehlo.transpose %544, dims = [1, 0] : (tensor<768x768xf32>) -> tensor<768x768xf32>
    %546 = stablehlo.dot_general %543, %arg10, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x1024x768xf32>, tensor<768x768xf32>) -> tensor<8x1024x768xf32>
    %547 = stablehlo.add %542, %546 : tensor<8x1024x768xf32>
    %cst_127 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %548 = stablehlo.reduce(%547 init: %cst_127) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<768xf32>
    %549 = stablehlo.reshape %548 : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %cst_128 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %550 = stablehlo.reduce(%549 init: %cst_128) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x768xf32>, tensor<f32>) -> tensor<768xf32>
    %551 = stablehlo.multiply %26, %547 : tensor<8x1024x768xf32>
    %cst_129 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %552 = stablehlo.reduce(%551 init: %cst_129) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<768xf32>
    %553 = stablehlo.reshape %552 : (tensor<768xf32>) -> tensor<1x1x768xf32>
    %554 = stablehlo.broadcast_in_dim %27, dims = [0, 1, 2] : (tensor<1x1x768xf32>) -> tensor<8x1024x768xf32>
    %555 = stablehlo.multiply %547, %554 : tensor<8x1024x768xf32>
    %cst_130 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %556 = stablehlo.reduce(%553 init: %cst_130) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x768xf32>, tensor<f32>) -> tensor<768xf32>
    %557 = stablehlo.multiply %18, %555 : tensor<8x1024x768xf32>
    %cst_131 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %558 = stablehlo.reduce(%557 init: %cst_131) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %559 = stablehlo.reshape %558 : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %560 = stablehlo.broadcast_in_dim %21, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x768xf32>
    %561 = stablehlo.multiply %555, %560 : tensor<8x1024x768xf32>
    %562 = stablehlo.multiply %559, %24 : tensor<8x1024x1xf32>
    %563 = stablehlo.negate %561 : tensor<8x1024x768xf32>
    %cst_132 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %564 = stablehlo.reduce(%563 init: %cst_132) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %565 = stablehlo.reshape %564 : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %566 = stablehlo.add %506, %561 : tensor<8x1024x768xf32>
    %cst_133 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %567 = stablehlo.broadcast_in_dim %cst_133, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %568 = stablehlo.divide %562, %567 : tensor<8x1024x1xf32>
    %cst_134 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %569 = stablehlo.reduce(%568 init: %cst_134) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x1xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %570 = stablehlo.broadcast_in_dim %569, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x768xf32>
    %571 = stablehlo.multiply %570, %12 : tensor<8x1024x768xf32>
    %572 = stablehlo.negate %571 : tensor<8x1024x768xf32>
    %cst_135 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %573 = stablehlo.reduce(%572 init: %cst_135) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %574 = stablehlo.reshape %573 : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %575 = stablehlo.add %566, %571 : tensor<8x1024x768xf32>
    %576 = stablehlo.add %565, %574 : tensor<8x1024x1xf32>
    %cst_136 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %577 = stablehlo.broadcast_in_dim %cst_136, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %578 = stablehlo.divide %576, %577 : tensor<8x1024x1xf32>
    %cst_137 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %579 = stablehlo.reduce(%578 init: %cst_137) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x1xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %580 = stablehlo.broadcast_in_dim %579, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x768xf32>
    %581 = stablehlo.add %575, %580 : tensor<8x1024x768xf32>
    %cst_138 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %582 = stablehlo.reduce(%581 init: %cst_138) applies stablehlo.add across dimensions = [0] : (tensor<8x1024x768xf32>, tensor<f32>) -> tensor<1024x768xf32>
    %583 = stablehlo.reshape %582 : (tensor<1024x768xf32>) -> tensor<1x1024x768xf32>
    %cst_139 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %584 = stablehlo.reduce(%583 init: %cst_139) applies stablehlo.add across dimensions = [0] : (tensor<1x1024x768xf32>, tensor<f32>) -> tensor<1024x768xf32>
    %585 = call @_take_4(%0#1, %581) : (tensor<8x1024x1xi32>, tensor<8x1024x768xf32>) -> tensor<50304x768xf32>
    %586 = stablehlo.add %277, %585 : tensor<50304x768xf32>
    %c_140 = stablehlo.constant dense<1> : tensor<i32>
    %587 = stablehlo.add %arg84, %c_140 : tensor<i32>
    %588 = stablehlo.convert %587 : (tensor<i32>) -> tensor<f32>
    %cst_141 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %589 = stablehlo.broadcast_in_dim %cst_141, dims = [] : (tensor<f32>) -> tensor<3072xf32>
    %590 = stablehlo.multiply %589, %arg28 : tensor<3072xf32>
    %cst_142 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %591 = stablehlo.broadcast_in_dim %cst_142, dims = [] : (tensor<f32>) -> tensor<3072xf32>
    %592 = stablehlo.multiply %591, %469 : tensor<3072xf32>
    %593 = stablehlo.add %590, %592 : tensor<3072xf32>
    %cst_143 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %594 = stablehlo.broadcast_in_dim %cst_143, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %595 = stablehlo.multiply %594, %arg29 : tensor<768xf32>
    %cst_144 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %596 = stablehlo.broadcast_in_dim %cst_144, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %597 = stablehlo.multiply %596, %449 : tensor<768xf32>
    %598 = stablehlo.add %595, %597 : tensor<768xf32>
    %cst_145 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %599 = stablehlo.broadcast_in_dim %cst_145, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %600 = stablehlo.multiply %599, %arg30 : tensor<768xf32>
    %cst_146 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %601 = stablehlo.broadcast_in_dim %cst_146, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %602 = stablehlo.multiply %601, %550 : tensor<768xf32>
    %603 = stablehlo.add %600, %602 : tensor<768xf32>
    %cst_147 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %604 = stablehlo.broadcast_in_dim %cst_147, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %605 = stablehlo.multiply %604, %arg31 : tensor<768xf32>
    %cst_148 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %606 = stablehlo.broadcast_in_dim %cst_148, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %607 = stablehlo.multiply %606, %556 : tensor<768xf32>
    %608 = stablehlo.add %605, %607 : tensor<768xf32>
    %cst_149 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %609 = stablehlo.broadcast_in_dim %cst_149, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %610 = stablehlo.multiply %609, %arg32 : tensor<768xf32>
    %cst_150 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %611 = stablehlo.broadcast_in_dim %cst_150, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %612 = stablehlo.multiply %611, %475 : tensor<768xf32>
    %613 = stablehlo.add %610, %612 : tensor<768xf32>
    %cst_151 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %614 = stablehlo.broadcast_in_dim %cst_151, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %615 = stablehlo.multiply %614, %arg33 : tensor<768xf32>
    %cst_152 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %616 = stablehlo.broadcast_in_dim %cst_152, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %617 = stablehlo.multiply %616, %481 : tensor<768xf32>
    %618 = stablehlo.add %615, %617 : tensor<768xf32>
    %cst_153 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %619 = stablehlo.broadcast_in_dim %cst_153, dims = [] : (tensor<f32>) -> tensor<768x3072xf32>
    %620 = stablehlo.multiply %619, %arg34 : tensor<768x3072xf32>
    %cst_154 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %621 = stablehlo.broadcast_in_dim %cst_154, dims = [] : (tensor<f32>) -> tensor<768x3072xf32>
    %622 = stablehlo.multiply %621, %471 : tensor<768x3072xf32>
    %623 = stablehlo.add %620, %622 : tensor<768x3072xf32>
    %cst_155 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %624 = stablehlo.broadcast_in_dim %cst_155, dims = [] : (tensor<f32>) -> tensor<3072x768xf32>
    %625 = stablehlo.multiply %624, %arg35 : tensor<3072x768xf32>
    %cst_156 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %626 = stablehlo.broadcast_in_dim %cst_156, dims = [] : (tensor<f32>) -> tensor<3072x768xf32>
    %627 = stablehlo.multiply %626, %451 : tensor<3072x768xf32>
    %628 = stablehlo.add %625, %627 : tensor<3072x768xf32>
    %cst_157 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %629 = stablehlo.broadcast_in_dim %cst_157, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %630 = stablehlo.multiply %629, %arg36 : tensor<768x768xf32>
    %cst_158 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %631 = stablehlo.broadcast_in_dim %cst_158, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %632 = stablehlo.multiply %631, %540 : tensor<768x768xf32>
    %633 = stablehlo.add %630, %632 : tensor<768x768xf32>
    %cst_159 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %634 = stablehlo.broadcast_in_dim %cst_159, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %635 = stablehlo.multiply %634, %arg37 : tensor<768x768xf32>
    %cst_160 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %636 = stablehlo.broadcast_in_dim %cst_160, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %637 = stablehlo.multiply %636, %508 : tensor<768x768xf32>
    %638 = stablehlo.add %635, %637 : tensor<768x768xf32>
    %cst_161 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %639 = stablehlo.broadcast_in_dim %cst_161, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %640 = stablehlo.multiply %639, %arg38 : tensor<768x768xf32>
    %cst_162 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %641 = stablehlo.broadcast_in_dim %cst_162, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %642 = stablehlo.multiply %641, %545 : tensor<768x768xf32>
    %643 = stablehlo.add %640, %642 : tensor<768x768xf32>
    %cst_163 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %644 = stablehlo.broadcast_in_dim %cst_163, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %645 = stablehlo.multiply %644, %arg39 : tensor<768x768xf32>
    %cst_164 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %646 = stablehlo.broadcast_in_dim %cst_164, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %647 = stablehlo.multiply %646, %536 : tensor<768x768xf32>
    %648 = stablehlo.add %645, %647 : tensor<768x768xf32>
    %cst_165 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %649 = stablehlo.broadcast_in_dim %cst_165, dims = [] : (tensor<f32>) -> tensor<3072xf32>
    %650 = stablehlo.multiply %649, %arg40 : tensor<3072xf32>
    %cst_166 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %651 = stablehlo.broadcast_in_dim %cst_166, dims = [] : (tensor<f32>) -> tensor<3072xf32>
    %652 = stablehlo.multiply %651, %334 : tensor<3072xf32>
    %653 = stablehlo.add %650, %652 : tensor<3072xf32>
    %cst_167 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %654 = stablehlo.broadcast_in_dim %cst_167, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %655 = stablehlo.multiply %654, %arg41 : tensor<768xf32>
    %cst_168 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %656 = stablehlo.broadcast_in_dim %cst_168, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %657 = stablehlo.multiply %656, %314 : tensor<768xf32>
    %658 = stablehlo.add %655, %657 : tensor<768xf32>
    %cst_169 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %659 = stablehlo.broadcast_in_dim %cst_169, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %660 = stablehlo.multiply %659, %arg42 : tensor<768xf32>
    %cst_170 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %661 = stablehlo.broadcast_in_dim %cst_170, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %662 = stablehlo.multiply %661, %415 : tensor<768xf32>
    %663 = stablehlo.add %660, %662 : tensor<768xf32>
    %cst_171 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %664 = stablehlo.broadcast_in_dim %cst_171, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %665 = stablehlo.multiply %664, %arg43 : tensor<768xf32>
    %cst_172 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %666 = stablehlo.broadcast_in_dim %cst_172, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %667 = stablehlo.multiply %666, %421 : tensor<768xf32>
    %668 = stablehlo.add %665, %667 : tensor<768xf32>
    %cst_173 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %669 = stablehlo.broadcast_in_dim %cst_173, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %670 = stablehlo.multiply %669, %arg44 : tensor<768xf32>
    %cst_174 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %671 = stablehlo.broadcast_in_dim %cst_174, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %672 = stablehlo.multiply %671, %340 : tensor<768xf32>
    %673 = stablehlo.add %670, %672 : tensor<768xf32>
    %cst_175 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %674 = stablehlo.broadcast_in_dim %cst_175, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %675 = stablehlo.multiply %674, %arg45 : tensor<768xf32>
    %cst_176 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %676 = stablehlo.broadcast_in_dim %cst_176, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %677 = stablehlo.multiply %676, %346 : tensor<768xf32>
    %678 = stablehlo.add %675, %677 : tensor<768xf32>
    %cst_177 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %679 = stablehlo.broadcast_in_dim %cst_177, dims = [] : (tensor<f32>) -> tensor<768x3072xf32>
    %680 = stablehlo.multiply %679, %arg46 : tensor<768x3072xf32>
    %cst_178 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %681 = stablehlo.broadcast_in_dim %cst_178, dims = [] : (tensor<f32>) -> tensor<768x3072xf32>
    %682 = stablehlo.multiply %681, %336 : tensor<768x3072xf32>
    %683 = stablehlo.add %680, %682 : tensor<768x3072xf32>
    %cst_179 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %684 = stablehlo.broadcast_in_dim %cst_179, dims = [] : (tensor<f32>) -> tensor<3072x768xf32>
    %685 = stablehlo.multiply %684, %arg47 : tensor<3072x768xf32>
    %cst_180 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %686 = stablehlo.broadcast_in_dim %cst_180, dims = [] : (tensor<f32>) -> tensor<3072x768xf32>
    %687 = stablehlo.multiply %686, %316 : tensor<3072x768xf32>
    %688 = stablehlo.add %685, %687 : tensor<3072x768xf32>
    %cst_181 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %689 = stablehlo.broadcast_in_dim %cst_181, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %690 = stablehlo.multiply %689, %arg48 : tensor<768x768xf32>
    %cst_182 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %691 = stablehlo.broadcast_in_dim %cst_182, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %692 = stablehlo.multiply %691, %405 : tensor<768x768xf32>
    %693 = stablehlo.add %690, %692 : tensor<768x768xf32>
    %cst_183 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %694 = stablehlo.broadcast_in_dim %cst_183, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %695 = stablehlo.multiply %694, %arg49 : tensor<768x768xf32>
    %cst_184 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %696 = stablehlo.broadcast_in_dim %cst_184, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %697 = stablehlo.multiply %696, %373 : tensor<768x768xf32>
    %698 = stablehlo.add %695, %697 : tensor<768x768xf32>
    %cst_185 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %699 = stablehlo.broadcast_in_dim %cst_185, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %700 = stablehlo.multiply %699, %arg50 : tensor<768x768xf32>
    %cst_186 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %701 = stablehlo.broadcast_in_dim %cst_186, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %702 = stablehlo.multiply %701, %410 : tensor<768x768xf32>
    %703 = stablehlo.add %700, %702 : tensor<768x768xf32>
    %cst_187 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %704 = stablehlo.broadcast_in_dim %cst_187, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %705 = stablehlo.multiply %704, %arg51 : tensor<768x768xf32>
    %cst_188 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %706 = stablehlo.broadcast_in_dim %cst_188, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %707 = stablehlo.multiply %706, %401 : tensor<768x768xf32>
    %708 = stablehlo.add %705, %707 : tensor<768x768xf32>
    %cst_189 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %709 = stablehlo.broadcast_in_dim %cst_189, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %710 = stablehlo.multiply %709, %arg52 : tensor<768xf32>
    %cst_190 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %711 = stablehlo.broadcast_in_dim %cst_190, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %712 = stablehlo.multiply %711, %281 : tensor<768xf32>
    %713 = stablehlo.add %710, %712 : tensor<768xf32>
    %cst_191 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %714 = stablehlo.broadcast_in_dim %cst_191, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %715 = stablehlo.multiply %714, %arg53 : tensor<768xf32>
    %cst_192 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %716 = stablehlo.broadcast_in_dim %cst_192, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %717 = stablehlo.multiply %716, %287 : tensor<768xf32>
    %718 = stablehlo.add %715, %717 : tensor<768xf32>
    %cst_193 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %719 = stablehlo.broadcast_in_dim %cst_193, dims = [] : (tensor<f32>) -> tensor<1024x768xf32>
    %720 = stablehlo.multiply %719, %arg54 : tensor<1024x768xf32>
    %cst_194 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %721 = stablehlo.broadcast_in_dim %cst_194, dims = [] : (tensor<f32>) -> tensor<1024x768xf32>
    %722 = stablehlo.multiply %721, %584 : tensor<1024x768xf32>
    %723 = stablehlo.add %720, %722 : tensor<1024x768xf32>
    %cst_195 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %724 = stablehlo.broadcast_in_dim %cst_195, dims = [] : (tensor<f32>) -> tensor<50304x768xf32>
    %725 = stablehlo.multiply %724, %arg55 : tensor<50304x768xf32>
    %cst_196 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %726 = stablehlo.broadcast_in_dim %cst_196, dims = [] : (tensor<f32>) -> tensor<50304x768xf32>
    %727 = stablehlo.multiply %726, %586 : tensor<50304x768xf32>
    %728 = stablehlo.add %725, %727 : tensor<50304x768xf32>
    %cst_197 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %729 = stablehlo.broadcast_in_dim %cst_197, dims = [] : (tensor<f32>) -> tensor<3072xf32>
    %730 = stablehlo.multiply %729, %arg56 : tensor<3072xf32>
    %cst_198 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %731 = stablehlo.broadcast_in_dim %cst_198, dims = [] : (tensor<f32>) -> tensor<3072xf32>
    %732 = stablehlo.multiply %731, %469 : tensor<3072xf32>
    %733 = stablehlo.multiply %732, %469 : tensor<3072xf32>
    %734 = stablehlo.add %730, %733 : tensor<3072xf32>
    %cst_199 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %735 = stablehlo.broadcast_in_dim %cst_199, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %736 = stablehlo.multiply %735, %arg57 : tensor<768xf32>
    %cst_200 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %737 = stablehlo.broadcast_in_dim %cst_200, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %738 = stablehlo.multiply %737, %449 : tensor<768xf32>
    %739 = stablehlo.multiply %738, %449 : tensor<768xf32>
    %740 = stablehlo.add %736, %739 : tensor<768xf32>
    %cst_201 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %741 = stablehlo.broadcast_in_dim %cst_201, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %742 = stablehlo.multiply %741, %arg58 : tensor<768xf32>
    %cst_202 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %743 = stablehlo.broadcast_in_dim %cst_202, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %744 = stablehlo.multiply %743, %550 : tensor<768xf32>
    %745 = stablehlo.multiply %744, %550 : tensor<768xf32>
    %746 = stablehlo.add %742, %745 : tensor<768xf32>
    %cst_203 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %747 = stablehlo.broadcast_in_dim %cst_203, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %748 = stablehlo.multiply %747, %arg59 : tensor<768xf32>
    %cst_204 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %749 = stablehlo.broadcast_in_dim %cst_204, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %750 = stablehlo.multiply %749, %556 : tensor<768xf32>
    %751 = stablehlo.multiply %750, %556 : tensor<768xf32>
    %752 = stablehlo.add %748, %751 : tensor<768xf32>
    %cst_205 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %753 = stablehlo.broadcast_in_dim %cst_205, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %754 = stablehlo.multiply %753, %arg60 : tensor<768xf32>
    %cst_206 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %755 = stablehlo.broadcast_in_dim %cst_206, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %756 = stablehlo.multiply %755, %475 : tensor<768xf32>
    %757 = stablehlo.multiply %756, %475 : tensor<768xf32>
    %758 = stablehlo.add %754, %757 : tensor<768xf32>
    %cst_207 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %759 = stablehlo.broadcast_in_dim %cst_207, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %760 = stablehlo.multiply %759, %arg61 : tensor<768xf32>
    %cst_208 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %761 = stablehlo.broadcast_in_dim %cst_208, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %762 = stablehlo.multiply %761, %481 : tensor<768xf32>
    %763 = stablehlo.multiply %762, %481 : tensor<768xf32>
    %764 = stablehlo.add %760, %763 : tensor<768xf32>
    %cst_209 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %765 = stablehlo.broadcast_in_dim %cst_209, dims = [] : (tensor<f32>) -> tensor<768x3072xf32>
    %766 = stablehlo.multiply %765, %arg62 : tensor<768x3072xf32>
    %cst_210 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %767 = stablehlo.broadcast_in_dim %cst_210, dims = [] : (tensor<f32>) -> tensor<768x3072xf32>
    %768 = stablehlo.multiply %767, %471 : tensor<768x3072xf32>
    %769 = stablehlo.multiply %768, %471 : tensor<768x3072xf32>
    %770 = stablehlo.add %766, %769 : tensor<768x3072xf32>
    %cst_211 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %771 = stablehlo.broadcast_in_dim %cst_211, dims = [] : (tensor<f32>) -> tensor<3072x768xf32>
    %772 = stablehlo.multiply %771, %arg63 : tensor<3072x768xf32>
    %cst_212 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %773 = stablehlo.broadcast_in_dim %cst_212, dims = [] : (tensor<f32>) -> tensor<3072x768xf32>
    %774 = stablehlo.multiply %773, %451 : tensor<3072x768xf32>
    %775 = stablehlo.multiply %774, %451 : tensor<3072x768xf32>
    %776 = stablehlo.add %772, %775 : tensor<3072x768xf32>
    %cst_213 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %777 = stablehlo.broadcast_in_dim %cst_213, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %778 = stablehlo.multiply %777, %arg64 : tensor<768x768xf32>
    %cst_214 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %779 = stablehlo.broadcast_in_dim %cst_214, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %780 = stablehlo.multiply %779, %540 : tensor<768x768xf32>
    %781 = stablehlo.multiply %780, %540 : tensor<768x768xf32>
    %782 = stablehlo.add %778, %781 : tensor<768x768xf32>
    %cst_215 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %783 = stablehlo.broadcast_in_dim %cst_215, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %784 = stablehlo.multiply %783, %arg65 : tensor<768x768xf32>
    %cst_216 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %785 = stablehlo.broadcast_in_dim %cst_216, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %786 = stablehlo.multiply %785, %508 : tensor<768x768xf32>
    %787 = stablehlo.multiply %786, %508 : tensor<768x768xf32>
    %788 = stablehlo.add %784, %787 : tensor<768x768xf32>
    %cst_217 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %789 = stablehlo.broadcast_in_dim %cst_217, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %790 = stablehlo.multiply %789, %arg66 : tensor<768x768xf32>
    %cst_218 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %791 = stablehlo.broadcast_in_dim %cst_218, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %792 = stablehlo.multiply %791, %545 : tensor<768x768xf32>
    %793 = stablehlo.multiply %792, %545 : tensor<768x768xf32>
    %794 = stablehlo.add %790, %793 : tensor<768x768xf32>
    %cst_219 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %795 = stablehlo.broadcast_in_dim %cst_219, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %796 = stablehlo.multiply %795, %arg67 : tensor<768x768xf32>
    %cst_220 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %797 = stablehlo.broadcast_in_dim %cst_220, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %798 = stablehlo.multiply %797, %536 : tensor<768x768xf32>
    %799 = stablehlo.multiply %798, %536 : tensor<768x768xf32>
    %800 = stablehlo.add %796, %799 : tensor<768x768xf32>
    %cst_221 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %801 = stablehlo.broadcast_in_dim %cst_221, dims = [] : (tensor<f32>) -> tensor<3072xf32>
    %802 = stablehlo.multiply %801, %arg68 : tensor<3072xf32>
    %cst_222 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %803 = stablehlo.broadcast_in_dim %cst_222, dims = [] : (tensor<f32>) -> tensor<3072xf32>
    %804 = stablehlo.multiply %803, %334 : tensor<3072xf32>
    %805 = stablehlo.multiply %804, %334 : tensor<3072xf32>
    %806 = stablehlo.add %802, %805 : tensor<3072xf32>
    %cst_223 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %807 = stablehlo.broadcast_in_dim %cst_223, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %808 = stablehlo.multiply %807, %arg69 : tensor<768xf32>
    %cst_224 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %809 = stablehlo.broadcast_in_dim %cst_224, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %810 = stablehlo.multiply %809, %314 : tensor<768xf32>
    %811 = stablehlo.multiply %810, %314 : tensor<768xf32>
    %812 = stablehlo.add %808, %811 : tensor<768xf32>
    %cst_225 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %813 = stablehlo.broadcast_in_dim %cst_225, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %814 = stablehlo.multiply %813, %arg70 : tensor<768xf32>
    %cst_226 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %815 = stablehlo.broadcast_in_dim %cst_226, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %816 = stablehlo.multiply %815, %415 : tensor<768xf32>
    %817 = stablehlo.multiply %816, %415 : tensor<768xf32>
    %818 = stablehlo.add %814, %817 : tensor<768xf32>
    %cst_227 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %819 = stablehlo.broadcast_in_dim %cst_227, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %820 = stablehlo.multiply %819, %arg71 : tensor<768xf32>
    %cst_228 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %821 = stablehlo.broadcast_in_dim %cst_228, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %822 = stablehlo.multiply %821, %421 : tensor<768xf32>
    %823 = stablehlo.multiply %822, %421 : tensor<768xf32>
    %824 = stablehlo.add %820, %823 : tensor<768xf32>
    %cst_229 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %825 = stablehlo.broadcast_in_dim %cst_229, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %826 = stablehlo.multiply %825, %arg72 : tensor<768xf32>
    %cst_230 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %827 = stablehlo.broadcast_in_dim %cst_230, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %828 = stablehlo.multiply %827, %340 : tensor<768xf32>
    %829 = stablehlo.multiply %828, %340 : tensor<768xf32>
    %830 = stablehlo.add %826, %829 : tensor<768xf32>
    %cst_231 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %831 = stablehlo.broadcast_in_dim %cst_231, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %832 = stablehlo.multiply %831, %arg73 : tensor<768xf32>
    %cst_232 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %833 = stablehlo.broadcast_in_dim %cst_232, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %834 = stablehlo.multiply %833, %346 : tensor<768xf32>
    %835 = stablehlo.multiply %834, %346 : tensor<768xf32>
    %836 = stablehlo.add %832, %835 : tensor<768xf32>
    %cst_233 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %837 = stablehlo.broadcast_in_dim %cst_233, dims = [] : (tensor<f32>) -> tensor<768x3072xf32>
    %838 = stablehlo.multiply %837, %arg74 : tensor<768x3072xf32>
    %cst_234 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %839 = stablehlo.broadcast_in_dim %cst_234, dims = [] : (tensor<f32>) -> tensor<768x3072xf32>
    %840 = stablehlo.multiply %839, %336 : tensor<768x3072xf32>
    %841 = stablehlo.multiply %840, %336 : tensor<768x3072xf32>
    %842 = stablehlo.add %838, %841 : tensor<768x3072xf32>
    %cst_235 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %843 = stablehlo.broadcast_in_dim %cst_235, dims = [] : (tensor<f32>) -> tensor<3072x768xf32>
    %844 = stablehlo.multiply %843, %arg75 : tensor<3072x768xf32>
    %cst_236 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %845 = stablehlo.broadcast_in_dim %cst_236, dims = [] : (tensor<f32>) -> tensor<3072x768xf32>
    %846 = stablehlo.multiply %845, %316 : tensor<3072x768xf32>
    %847 = stablehlo.multiply %846, %316 : tensor<3072x768xf32>
    %848 = stablehlo.add %844, %847 : tensor<3072x768xf32>
    %cst_237 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %849 = stablehlo.broadcast_in_dim %cst_237, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %850 = stablehlo.multiply %849, %arg76 : tensor<768x768xf32>
    %cst_238 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %851 = stablehlo.broadcast_in_dim %cst_238, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %852 = stablehlo.multiply %851, %405 : tensor<768x768xf32>
    %853 = stablehlo.multiply %852, %405 : tensor<768x768xf32>
    %854 = stablehlo.add %850, %853 : tensor<768x768xf32>
    %cst_239 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %855 = stablehlo.broadcast_in_dim %cst_239, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %856 = stablehlo.multiply %855, %arg77 : tensor<768x768xf32>
    %cst_240 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %857 = stablehlo.broadcast_in_dim %cst_240, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %858 = stablehlo.multiply %857, %373 : tensor<768x768xf32>
    %859 = stablehlo.multiply %858, %373 : tensor<768x768xf32>
    %860 = stablehlo.add %856, %859 : tensor<768x768xf32>
    %cst_241 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %861 = stablehlo.broadcast_in_dim %cst_241, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %862 = stablehlo.multiply %861, %arg78 : tensor<768x768xf32>
    %cst_242 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %863 = stablehlo.broadcast_in_dim %cst_242, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %864 = stablehlo.multiply %863, %410 : tensor<768x768xf32>
    %865 = stablehlo.multiply %864, %410 : tensor<768x768xf32>
    %866 = stablehlo.add %862, %865 : tensor<768x768xf32>
    %cst_243 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %867 = stablehlo.broadcast_in_dim %cst_243, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %868 = stablehlo.multiply %867, %arg79 : tensor<768x768xf32>
    %cst_244 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %869 = stablehlo.broadcast_in_dim %cst_244, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %870 = stablehlo.multiply %869, %401 : tensor<768x768xf32>
    %871 = stablehlo.multiply %870, %401 : tensor<768x768xf32>
    %872 = stablehlo.add %868, %871 : tensor<768x768xf32>
    %cst_245 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %873 = stablehlo.broadcast_in_dim %cst_245, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %874 = stablehlo.multiply %873, %arg80 : tensor<768xf32>
    %cst_246 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %875 = stablehlo.broadcast_in_dim %cst_246, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %876 = stablehlo.multiply %875, %281 : tensor<768xf32>
    %877 = stablehlo.multiply %876, %281 : tensor<768xf32>
    %878 = stablehlo.add %874, %877 : tensor<768xf32>
    %cst_247 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %879 = stablehlo.broadcast_in_dim %cst_247, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %880 = stablehlo.multiply %879, %arg81 : tensor<768xf32>
    %cst_248 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %881 = stablehlo.broadcast_in_dim %cst_248, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %882 = stablehlo.multiply %881, %287 : tensor<768xf32>
    %883 = stablehlo.multiply %882, %287 : tensor<768xf32>
    %884 = stablehlo.add %880, %883 : tensor<768xf32>
    %cst_249 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %885 = stablehlo.broadcast_in_dim %cst_249, dims = [] : (tensor<f32>) -> tensor<1024x768xf32>
    %886 = stablehlo.multiply %885, %arg82 : tensor<1024x768xf32>
    %cst_250 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %887 = stablehlo.broadcast_in_dim %cst_250, dims = [] : (tensor<f32>) -> tensor<1024x768xf32>
    %888 = stablehlo.multiply %887, %584 : tensor<1024x768xf32>
    %889 = stablehlo.multiply %888, %584 : tensor<1024x768xf32>
    %890 = stablehlo.add %886, %889 : tensor<1024x768xf32>
    %cst_251 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %891 = stablehlo.broadcast_in_dim %cst_251, dims = [] : (tensor<f32>) -> tensor<50304x768xf32>
    %892 = stablehlo.multiply %891, %arg83 : tensor<50304x768xf32>
    %cst_252 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %893 = stablehlo.broadcast_in_dim %cst_252, dims = [] : (tensor<f32>) -> tensor<50304x768xf32>
    %894 = stablehlo.multiply %893, %586 : tensor<50304x768xf32>
    %895 = stablehlo.multiply %894, %586 : tensor<50304x768xf32>
    %896 = stablehlo.add %892, %895 : tensor<50304x768xf32>
    %cst_253 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %897 = stablehlo.power %cst_253, %588 : tensor<f32>
    %cst_254 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %898 = stablehlo.subtract %cst_254, %897 : tensor<f32>
    %899 = stablehlo.sqrt %898 : tensor<f32>
    %cst_255 = stablehlo.constant dense<3.000000e-04> : tensor<f32>
    %900 = stablehlo.multiply %cst_255, %899 : tensor<f32>
    %cst_256 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %901 = stablehlo.power %cst_256, %588 : tensor<f32>
    %cst_257 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %902 = stablehlo.subtract %cst_257, %901 : tensor<f32>
    %903 = stablehlo.divide %900, %902 : tensor<f32>
    %904 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<3072xf32>
    %905 = stablehlo.multiply %904, %593 : tensor<3072xf32>
    %906 = stablehlo.sqrt %734 : tensor<3072xf32>
    %cst_258 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %907 = stablehlo.broadcast_in_dim %cst_258, dims = [] : (tensor<f32>) -> tensor<3072xf32>
    %908 = stablehlo.add %906, %907 : tensor<3072xf32>
    %909 = stablehlo.divide %905, %908 : tensor<3072xf32>
    %910 = stablehlo.subtract %arg0, %909 : tensor<3072xf32>
    %911 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %912 = stablehlo.multiply %911, %598 : tensor<768xf32>
    %913 = stablehlo.sqrt %740 : tensor<768xf32>
    %cst_259 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %914 = stablehlo.broadcast_in_dim %cst_259, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %915 = stablehlo.add %913, %914 : tensor<768xf32>
    %916 = stablehlo.divide %912, %915 : tensor<768xf32>
    %917 = stablehlo.subtract %arg1, %916 : tensor<768xf32>
    %918 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %919 = stablehlo.multiply %918, %603 : tensor<768xf32>
    %920 = stablehlo.sqrt %746 : tensor<768xf32>
    %cst_260 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %921 = stablehlo.broadcast_in_dim %cst_260, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %922 = stablehlo.add %920, %921 : tensor<768xf32>
    %923 = stablehlo.divide %919, %922 : tensor<768xf32>
    %924 = stablehlo.subtract %arg2, %923 : tensor<768xf32>
    %925 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %926 = stablehlo.multiply %925, %608 : tensor<768xf32>
    %927 = stablehlo.sqrt %752 : tensor<768xf32>
    %cst_261 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %928 = stablehlo.broadcast_in_dim %cst_261, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %929 = stablehlo.add %927, %928 : tensor<768xf32>
    %930 = stablehlo.divide %926, %929 : tensor<768xf32>
    %931 = stablehlo.subtract %arg3, %930 : tensor<768xf32>
    %932 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %933 = stablehlo.multiply %932, %613 : tensor<768xf32>
    %934 = stablehlo.sqrt %758 : tensor<768xf32>
    %cst_262 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %935 = stablehlo.broadcast_in_dim %cst_262, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %936 = stablehlo.add %934, %935 : tensor<768xf32>
    %937 = stablehlo.divide %933, %936 : tensor<768xf32>
    %938 = stablehlo.subtract %arg4, %937 : tensor<768xf32>
    %939 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %940 = stablehlo.multiply %939, %618 : tensor<768xf32>
    %941 = stablehlo.sqrt %764 : tensor<768xf32>
    %cst_263 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %942 = stablehlo.broadcast_in_dim %cst_263, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %943 = stablehlo.add %941, %942 : tensor<768xf32>
    %944 = stablehlo.divide %940, %943 : tensor<768xf32>
    %945 = stablehlo.subtract %arg5, %944 : tensor<768xf32>
    %946 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768x3072xf32>
    %947 = stablehlo.multiply %946, %623 : tensor<768x3072xf32>
    %948 = stablehlo.sqrt %770 : tensor<768x3072xf32>
    %cst_264 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %949 = stablehlo.broadcast_in_dim %cst_264, dims = [] : (tensor<f32>) -> tensor<768x3072xf32>
    %950 = stablehlo.add %948, %949 : tensor<768x3072xf32>
    %951 = stablehlo.divide %947, %950 : tensor<768x3072xf32>
    %952 = stablehlo.subtract %arg6, %951 : tensor<768x3072xf32>
    %953 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<3072x768xf32>
    %954 = stablehlo.multiply %953, %628 : tensor<3072x768xf32>
    %955 = stablehlo.sqrt %776 : tensor<3072x768xf32>
    %cst_265 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %956 = stablehlo.broadcast_in_dim %cst_265, dims = [] : (tensor<f32>) -> tensor<3072x768xf32>
    %957 = stablehlo.add %955, %956 : tensor<3072x768xf32>
    %958 = stablehlo.divide %954, %957 : tensor<3072x768xf32>
    %959 = stablehlo.subtract %arg7, %958 : tensor<3072x768xf32>
    %960 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %961 = stablehlo.multiply %960, %633 : tensor<768x768xf32>
    %962 = stablehlo.sqrt %782 : tensor<768x768xf32>
    %cst_266 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %963 = stablehlo.broadcast_in_dim %cst_266, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %964 = stablehlo.add %962, %963 : tensor<768x768xf32>
    %965 = stablehlo.divide %961, %964 : tensor<768x768xf32>
    %966 = stablehlo.subtract %arg8, %965 : tensor<768x768xf32>
    %967 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %968 = stablehlo.multiply %967, %638 : tensor<768x768xf32>
    %969 = stablehlo.sqrt %788 : tensor<768x768xf32>
    %cst_267 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %970 = stablehlo.broadcast_in_dim %cst_267, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %971 = stablehlo.add %969, %970 : tensor<768x768xf32>
    %972 = stablehlo.divide %968, %971 : tensor<768x768xf32>
    %973 = stablehlo.subtract %arg9, %972 : tensor<768x768xf32>
    %974 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %975 = stablehlo.multiply %974, %643 : tensor<768x768xf32>
    %976 = stablehlo.sqrt %794 : tensor<768x768xf32>
    %cst_268 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %977 = stablehlo.broadcast_in_dim %cst_268, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %978 = stablehlo.add %976, %977 : tensor<768x768xf32>
    %979 = stablehlo.divide %975, %978 : tensor<768x768xf32>
    %980 = stablehlo.subtract %arg10, %979 : tensor<768x768xf32>
    %981 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %982 = stablehlo.multiply %981, %648 : tensor<768x768xf32>
    %983 = stablehlo.sqrt %800 : tensor<768x768xf32>
    %cst_269 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %984 = stablehlo.broadcast_in_dim %cst_269, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %985 = stablehlo.add %983, %984 : tensor<768x768xf32>
    %986 = stablehlo.divide %982, %985 : tensor<768x768xf32>
    %987 = stablehlo.subtract %arg11, %986 : tensor<768x768xf32>
    %988 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<3072xf32>
    %989 = stablehlo.multiply %988, %653 : tensor<3072xf32>
    %990 = stablehlo.sqrt %806 : tensor<3072xf32>
    %cst_270 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %991 = stablehlo.broadcast_in_dim %cst_270, dims = [] : (tensor<f32>) -> tensor<3072xf32>
    %992 = stablehlo.add %990, %991 : tensor<3072xf32>
    %993 = stablehlo.divide %989, %992 : tensor<3072xf32>
    %994 = stablehlo.subtract %arg12, %993 : tensor<3072xf32>
    %995 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %996 = stablehlo.multiply %995, %658 : tensor<768xf32>
    %997 = stablehlo.sqrt %812 : tensor<768xf32>
    %cst_271 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %998 = stablehlo.broadcast_in_dim %cst_271, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %999 = stablehlo.add %997, %998 : tensor<768xf32>
    %1000 = stablehlo.divide %996, %999 : tensor<768xf32>
    %1001 = stablehlo.subtract %arg13, %1000 : tensor<768xf32>
    %1002 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %1003 = stablehlo.multiply %1002, %663 : tensor<768xf32>
    %1004 = stablehlo.sqrt %818 : tensor<768xf32>
    %cst_272 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1005 = stablehlo.broadcast_in_dim %cst_272, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %1006 = stablehlo.add %1004, %1005 : tensor<768xf32>
    %1007 = stablehlo.divide %1003, %1006 : tensor<768xf32>
    %1008 = stablehlo.subtract %arg14, %1007 : tensor<768xf32>
    %1009 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %1010 = stablehlo.multiply %1009, %668 : tensor<768xf32>
    %1011 = stablehlo.sqrt %824 : tensor<768xf32>
    %cst_273 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1012 = stablehlo.broadcast_in_dim %cst_273, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %1013 = stablehlo.add %1011, %1012 : tensor<768xf32>
    %1014 = stablehlo.divide %1010, %1013 : tensor<768xf32>
    %1015 = stablehlo.subtract %arg15, %1014 : tensor<768xf32>
    %1016 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %1017 = stablehlo.multiply %1016, %673 : tensor<768xf32>
    %1018 = stablehlo.sqrt %830 : tensor<768xf32>
    %cst_274 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1019 = stablehlo.broadcast_in_dim %cst_274, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %1020 = stablehlo.add %1018, %1019 : tensor<768xf32>
    %1021 = stablehlo.divide %1017, %1020 : tensor<768xf32>
    %1022 = stablehlo.subtract %arg16, %1021 : tensor<768xf32>
    %1023 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %1024 = stablehlo.multiply %1023, %678 : tensor<768xf32>
    %1025 = stablehlo.sqrt %836 : tensor<768xf32>
    %cst_275 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1026 = stablehlo.broadcast_in_dim %cst_275, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %1027 = stablehlo.add %1025, %1026 : tensor<768xf32>
    %1028 = stablehlo.divide %1024, %1027 : tensor<768xf32>
    %1029 = stablehlo.subtract %arg17, %1028 : tensor<768xf32>
    %1030 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768x3072xf32>
    %1031 = stablehlo.multiply %1030, %683 : tensor<768x3072xf32>
    %1032 = stablehlo.sqrt %842 : tensor<768x3072xf32>
    %cst_276 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1033 = stablehlo.broadcast_in_dim %cst_276, dims = [] : (tensor<f32>) -> tensor<768x3072xf32>
    %1034 = stablehlo.add %1032, %1033 : tensor<768x3072xf32>
    %1035 = stablehlo.divide %1031, %1034 : tensor<768x3072xf32>
    %1036 = stablehlo.subtract %arg18, %1035 : tensor<768x3072xf32>
    %1037 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<3072x768xf32>
    %1038 = stablehlo.multiply %1037, %688 : tensor<3072x768xf32>
    %1039 = stablehlo.sqrt %848 : tensor<3072x768xf32>
    %cst_277 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1040 = stablehlo.broadcast_in_dim %cst_277, dims = [] : (tensor<f32>) -> tensor<3072x768xf32>
    %1041 = stablehlo.add %1039, %1040 : tensor<3072x768xf32>
    %1042 = stablehlo.divide %1038, %1041 : tensor<3072x768xf32>
    %1043 = stablehlo.subtract %arg19, %1042 : tensor<3072x768xf32>
    %1044 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %1045 = stablehlo.multiply %1044, %693 : tensor<768x768xf32>
    %1046 = stablehlo.sqrt %854 : tensor<768x768xf32>
    %cst_278 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1047 = stablehlo.broadcast_in_dim %cst_278, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %1048 = stablehlo.add %1046, %1047 : tensor<768x768xf32>
    %1049 = stablehlo.divide %1045, %1048 : tensor<768x768xf32>
    %1050 = stablehlo.subtract %arg20, %1049 : tensor<768x768xf32>
    %1051 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %1052 = stablehlo.multiply %1051, %698 : tensor<768x768xf32>
    %1053 = stablehlo.sqrt %860 : tensor<768x768xf32>
    %cst_279 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1054 = stablehlo.broadcast_in_dim %cst_279, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %1055 = stablehlo.add %1053, %1054 : tensor<768x768xf32>
    %1056 = stablehlo.divide %1052, %1055 : tensor<768x768xf32>
    %1057 = stablehlo.subtract %arg21, %1056 : tensor<768x768xf32>
    %1058 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %1059 = stablehlo.multiply %1058, %703 : tensor<768x768xf32>
    %1060 = stablehlo.sqrt %866 : tensor<768x768xf32>
    %cst_280 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1061 = stablehlo.broadcast_in_dim %cst_280, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %1062 = stablehlo.add %1060, %1061 : tensor<768x768xf32>
    %1063 = stablehlo.divide %1059, %1062 : tensor<768x768xf32>
    %1064 = stablehlo.subtract %arg22, %1063 : tensor<768x768xf32>
    %1065 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %1066 = stablehlo.multiply %1065, %708 : tensor<768x768xf32>
    %1067 = stablehlo.sqrt %872 : tensor<768x768xf32>
    %cst_281 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1068 = stablehlo.broadcast_in_dim %cst_281, dims = [] : (tensor<f32>) -> tensor<768x768xf32>
    %1069 = stablehlo.add %1067, %1068 : tensor<768x768xf32>
    %1070 = stablehlo.divide %1066, %1069 : tensor<768x768xf32>
    %1071 = stablehlo.subtract %arg23, %1070 : tensor<768x768xf32>
    %1072 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %1073 = stablehlo.multiply %1072, %713 : tensor<768xf32>
    %1074 = stablehlo.sqrt %878 : tensor<768xf32>
    %cst_282 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1075 = stablehlo.broadcast_in_dim %cst_282, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %1076 = stablehlo.add %1074, %1075 : tensor<768xf32>
    %1077 = stablehlo.divide %1073, %1076 : tensor<768xf32>
    %1078 = stablehlo.subtract %arg24, %1077 : tensor<768xf32>
    %1079 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %1080 = stablehlo.multiply %1079, %718 : tensor<768xf32>
    %1081 = stablehlo.sqrt %884 : tensor<768xf32>
    %cst_283 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1082 = stablehlo.broadcast_in_dim %cst_283, dims = [] : (tensor<f32>) -> tensor<768xf32>
    %1083 = stablehlo.add %1081, %1082 : tensor<768xf32>
    %1084 = stablehlo.divide %1080, %1083 : tensor<768xf32>
    %1085 = stablehlo.subtract %arg25, %1084 : tensor<768xf32>
    %1086 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<1024x768xf32>
    %1087 = stablehlo.multiply %1086, %723 : tensor<1024x768xf32>
    %1088 = stablehlo.sqrt %890 : tensor<1024x768xf32>
    %cst_284 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1089 = stablehlo.broadcast_in_dim %cst_284, dims = [] : (tensor<f32>) -> tensor<1024x768xf32>
    %1090 = stablehlo.add %1088, %1089 : tensor<1024x768xf32>
    %1091 = stablehlo.divide %1087, %1090 : tensor<1024x768xf32>
    %1092 = stablehlo.subtract %arg26, %1091 : tensor<1024x768xf32>
    %1093 = stablehlo.broadcast_in_dim %903, dims = [] : (tensor<f32>) -> tensor<50304x768xf32>
    %1094 = stablehlo.multiply %1093, %728 : tensor<50304x768xf32>
    %1095 = stablehlo.sqrt %896 : tensor<50304x768xf32>
    %cst_285 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1096 = stablehlo.broadcast_in_dim %cst_285, dims = [] : (tensor<f32>) -> tensor<50304x768xf32>
    %1097 = stablehlo.add %1095, %1096 : tensor<50304x768xf32>
    %1098 = stablehlo.divide %1094, %1097 : tensor<50304x768xf32>
    %1099 = stablehlo.subtract %arg27, %1098 : tensor<50304x768xf32>
    return %910, %917, %924, %931, %938, %945, %952, %959, %966, %973, %980, %987, %994, %1001, %1008, %1015, %1022, %1029, %1036, %1043, %1050, %1057, %1064, %1071, %1078, %1085, %1092, %1099, %593, %598, %603, %608, %613, %618, %623, %628, %633, %638, %643, %648, %653, %658, %663, %668, %673, %678, %683, %688, %693, %698, %703, %708, %713, %718, %723, %728, %734, %740, %746, %752, %758, %764, %770, %776, %782, %788, %794, %800, %806, %812, %818, %824, %830, %836, %842, %848, %854, %860, %866, %872, %878, %884, %890, %896, %587, %271 : tensor<3072xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768x3072xf32>, tensor<3072x768xf32>, tensor<768x768xf32>, tensor<768x768xf32>, tensor<768x768xf32>, tensor<768x768xf32>, tensor<3072xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768x3072xf32>, tensor<3072x768xf32>, tensor<768x768xf32>, tensor<768x768xf32>, tensor<768x768xf32>, tensor<768x768xf32>, tensor<768xf32>, tensor<768xf32>, tensor<1024x768xf32>, tensor<50304x768xf32>, tensor<3072xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768x3072xf32>, tensor<3072x768xf32>, tensor<768x768xf32>, tensor<768x768xf32>, tensor<768x768xf32>, tensor<768x768xf32>, tensor<3072xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768x3072xf32>, tensor<3072x768xf32>, tensor<768x768xf32>, tensor<768x768xf32>, tensor<768x768xf32>, tensor<768x768xf32>, tensor<768xf32>, tensor<768xf32>, tensor<1024x768xf32>, tensor<50304x768xf32>, tensor<3072xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768x3072xf32>, tensor<3072x768xf32>, tensor<768x768xf32>, tensor<768x768xf32>, tensor<768x768xf32>, tensor<768x768xf32>, tensor<3072xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768xf32>, tensor<768x3072xf32>, tensor<3072x768xf32>, tensor<768x768xf32>, tensor<768x768xf32>, tensor<768x768xf32>, tensor<768x768xf32>, tensor<768xf32>, tensor<768xf32>, tensor<1024x768xf32>, tensor<50304x768xf32>, tensor<i32>, tensor<f32>
  }
  func.func private @_take(%arg0: tensor<50304x768xf32>, %arg1: tensor<8x1024xi32>) -> (tensor<8x1024x768xf32>, tensor<8x1024x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x1024xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<8x1024xi32>, tensor<8x1024xi32>) -> tensor<8x1024xi1>
    %c_0 = stablehlo.constant dense<50304> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8x1024xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<8x1024xi32>
    %4 = call @_where(%1, %3, %arg1) : (tensor<8x1024xi1>, tensor<8x1024xi32>, tensor<8x1024xi32>) -> tensor<8x1024xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<8x1024xi32>) -> tensor<8x1024x1xi32>
    %c_1 = stablehlo.constant dense<50303> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8x1024x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<8x1024x1xi32>, tensor<8x1024x1xi32>) -> tensor<8x1024x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<8x1024x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<8x1024x1xi32>, tensor<8x1024x1xi32>) -> tensor<8x1024x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<8x1024x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<8x1024x1xi1>, tensor<i1>) -> tensor<8x1024xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 768>}> : (tensor<50304x768xf32>, tensor<8x1024x1xi32>) -> tensor<8x1024x768xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<8x1024xi1>) -> tensor<8x1024x768xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x1024x768xf32>
    %16 = stablehlo.select %14, %13, %15 : tensor<8x1024x768xi1>, tensor<8x1024x768xf32>
    return %16, %5 : tensor<8x1024x768xf32>, tensor<8x1024x1xi32>
  }
  func.func private @_where(%arg0: tensor<8x1024xi1>, %arg1: tensor<8x1024xi32>, %arg2: tensor<8x1024xi32>) -> tensor<8x1024xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<8x1024xi1>, tensor<8x1024xi32>
    return %0 : tensor<8x1024xi32>
  }
  func.func private @tril(%arg0: tensor<1024x1024xi1>) -> tensor<1024x1024xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<1024x1024xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<1024x1024xi32>
    %2 = stablehlo.add %0, %1 : tensor<1024x1024xi32>
    %3 = stablehlo.iota dim = 1 : tensor<1024x1024xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<1024x1024xi32>, tensor<1024x1024xi32>) -> tensor<1024x1024xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<1024x1024xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<1024x1024xi1>, tensor<1024x1024xi1>
    return %6 : tensor<1024x1024xi1>
  }
  func.func private @_where_0(%arg0: tensor<1024x1024xi1>, %arg1: tensor<8x12x1024x1024xf32>, %arg2: tensor<f32>) -> (tensor<8x12x1024x1024xf32>, tensor<8x12x1024x1024xi1>) {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<1024x1024xi1>) -> tensor<8x12x1024x1024xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<8x12x1024x1024xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<8x12x1024x1024xi1>, tensor<8x12x1024x1024xf32>
    return %3, %1 : tensor<8x12x1024x1024xf32>, tensor<8x12x1024x1024xi1>
  }
  func.func private @log_softmax(%arg0: tensor<8x1024x50304xf32>) -> (tensor<8x1024x50304xf32>, tensor<8x1024x50304xf32>, tensor<8x1024x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [2] : (tensor<8x1024x50304xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x1024xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<8x1024xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x50304xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<8x1024x50304xf32>
    %6 = stablehlo.exponential %5 : tensor<8x1024x50304xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x50304xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %9 = stablehlo.log %8 : tensor<8x1024x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<8x1024x1xf32>) -> tensor<8x1024x50304xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<8x1024x50304xf32>
    return %11, %6, %8 : tensor<8x1024x50304xf32>, tensor<8x1024x50304xf32>, tensor<8x1024x1xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<8x1024x50304xf32>, %arg1: tensor<8x1024x1xi32>) -> (tensor<8x1024x1xf32>, tensor<8x1024x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x1024x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<8x1024x1xi32>, tensor<8x1024x1xi32>) -> tensor<8x1024x1xi1>
    %c_0 = stablehlo.constant dense<50304> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8x1024x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<8x1024x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<8x1024x1xi1>, tensor<8x1024x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<8x1024x1xi32>) -> tensor<8x1024x1x1xi32>
    %c_1 = stablehlo.constant dense<50303> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8x1024x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<8x1024x1x1xi32>, tensor<8x1024x1x1xi32>) -> tensor<8x1024x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [3] : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xi32>) -> tensor<8x1024x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<8x1024x1x1xi32>, tensor<8x1024x1x1xi32>) -> tensor<8x1024x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<8x1024x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [3] : (tensor<8x1024x1x1xi1>, tensor<i1>) -> tensor<8x1024x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<8x1024x50304xf32>, tensor<8x1024x1x1xi32>) -> tensor<8x1024x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x1024x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<8x1024x1xi1>, tensor<8x1024x1xf32>
    return %15, %5 : tensor<8x1024x1xf32>, tensor<8x1024x1x1xi32>
  }
  func.func private @take_along_axis_1(%arg0: tensor<8x1024x1x1xi32>, %arg1: tensor<8x1024x1xf32>) -> tensor<8x1024x50304xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x1024x50304xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<8x1024x50304xf32>, tensor<8x1024x1x1xi32>, tensor<8x1024x1xf32>) -> tensor<8x1024x50304xf32>
    return %1 : tensor<8x1024x50304xf32>
  }
  func.func private @log_softmax_2(%arg0: tensor<8x1024x50304xf32>, %arg1: tensor<8x1024x1xf32>, %arg2: tensor<8x1024x50304xf32>) -> tensor<8x1024x50304xf32> {
    %0 = stablehlo.negate %arg2 : tensor<8x1024x50304xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x50304xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %2 = stablehlo.reshape %1 : (tensor<8x1024xf32>) -> tensor<8x1024x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<8x1024x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<8x1024x1xf32>, tensor<f32>) -> tensor<8x1024xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<8x1024xf32>) -> tensor<8x1024x50304xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<8x1024x50304xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<8x1024x50304xf32>
    return %7 : tensor<8x1024x50304xf32>
  }
  func.func private @_where_3(%arg0: tensor<8x12x1024x1024xi1>, %arg1: tensor<8x12x1024x1024xf32>) -> tensor<8x12x1024x1024xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x12x1024x1024xf32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<8x12x1024x1024xi1>, tensor<8x12x1024x1024xf32>
    return %1 : tensor<8x12x1024x1024xf32>
  }
  func.func private @_take_4(%arg0: tensor<8x1024x1xi32>, %arg1: tensor<8x1024x768xf32>) -> tensor<50304x768xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<50304x768xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<50304x768xf32>, tensor<8x1024x1xi32>, tensor<8x1024x768xf32>) -> tensor<50304x768xf32>
    return %1 : tensor<50304x768xf32>
  }
}
